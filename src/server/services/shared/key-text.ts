// A 32-byte key as operators write it in the environment or a key file: 64 hex digits or base64. SECRETS_KEY and
// BACKUP_KEY both take this form (`openssl rand -hex 32`).
const KEY_BYTES = 32;

/** The key a text holds, or null when it is not 32 bytes as 64 hex digits or base64. */
export function parseKeyText(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/]{43}=?$/.test(value)) {
    const key = Buffer.from(value, 'base64');
    if (key.length === KEY_BYTES) return key;
  }
  return null;
}
