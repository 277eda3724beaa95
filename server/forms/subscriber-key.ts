// The rate limit's key for a client address. Pure, so the Worker shares it with Node.

function expandIpv6(address: string): string[] | null {
  const [head = "", tail, extra] = address.split("::");
  if (extra !== undefined) return null;
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  if (tail === undefined) return left.length === 8 ? left : null;
  const zeros = 8 - left.length - right.length;
  return zeros < 1 ? null : [...left, ...Array<string>(zeros).fill("0"), ...right];
}

/**
 * The part of an address that identifies one subscriber: the whole IPv4 address, or the /64
 * of an IPv6 one (a home or phone is given a whole /64, so its other addresses are free).
 */
export function subscriberKey(address: string): string {
  if (!address.includes(":")) return address;
  const groups = expandIpv6(address.toLowerCase().split("%")[0] ?? "");
  if (!groups) return address;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
