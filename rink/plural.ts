// "1 message", "2 messages": a count with its noun, for the inbox's pages and emails.
export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
