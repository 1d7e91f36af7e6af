// How the console and the server write a count: in English, with the thousands marked (2,500), whatever the browser's
// locale. Every count a person reads goes through here, so two places never show 50000 and 50,000 side by side.
export const formatCount = (count: number) => count.toLocaleString('en-US');
