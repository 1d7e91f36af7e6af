// Ids the server makes for rows whose order matters.

// Time-ordered record ids (UUIDv7 layout): records written in the same millisecond still list newest first.
let lastIdMs = 0;
let idSequence = 0;
export function timeOrderedId(at: Date): string {
  let ms = at.getTime();
  if (ms <= lastIdMs) {
    ms = lastIdMs;
    idSequence += 1;
    if (idSequence > 0xfff) {
      ms += 1;
      idSequence = 0;
    }
  } else {
    idSequence = 0;
  }
  lastIdMs = ms;
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  const msHex = ms.toString(16).padStart(12, '0').slice(-12);
  for (let i = 0; i < 6; i += 1) bytes[i] = Number.parseInt(msHex.slice(i * 2, i * 2 + 2), 16);
  bytes[6] = 0x70 | ((idSequence >> 8) & 0x0f);
  bytes[7] = idSequence & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
