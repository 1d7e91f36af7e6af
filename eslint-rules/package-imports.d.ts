/** The absolute path an aliased specifier (`#mocks/handlers/index.ts`) names, or null when it is no alias of ours. */
export function aliasTarget(specifier: string): string | null;
