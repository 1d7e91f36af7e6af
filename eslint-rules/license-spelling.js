// One spelling of the core noun in identifiers, the one the API's routes and fields use (ADR 0020): ESLint's own
// id-match, refusing any identifier that contains "licenc" in any case. Strings (the words people read) are not
// identifiers, so "Licence file downloaded" stays as the specification writes it.
export const licenseSpelling = [
  'error',
  '^(?![\\s\\S]*[Ll][Ii][Cc][Ee][Nn][Cc])',
  { properties: true, classFields: true, onlyDeclarations: false, ignoreDestructuring: false },
];
