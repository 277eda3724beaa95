// SHA-256 by Web Crypto, which both hosts have: the bytes, or as lower-case hex (a token's or
// a client's hash as the tables keep it).

export const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

export async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

export const sha256Hex = async (text: string) => hex(await sha256(text));
