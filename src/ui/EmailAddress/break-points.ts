/**
 * Where a long address may wrap, as style guides break one: after the `@`, then before each dot of the domain. Dots
 * of the mailbox are left alone: `first.last` on two lines reads as two words. The characters stay as they were (a
 * copied address is whole); only the places it may break are added.
 */
export function breakPoints(address: string): string[] {
  const at = address.lastIndexOf('@');
  if (at < 0) return [address];
  return [address.slice(0, at + 1), ...address.slice(at + 1).split(/(?=\.)/)];
}
