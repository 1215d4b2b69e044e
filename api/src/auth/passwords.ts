import { hash, verify } from '@node-rs/argon2';

// Argon2id (the library's default algorithm) with its default cost.
export const hashPassword = (password: string) => hash(password);

// A real hash to verify against when the user is unknown, so both answers take the same time.
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    dummyHash ??= hash('not-a-real-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
