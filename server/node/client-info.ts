// Who is asking, and over what: the client's address (for the rate limit and the hashed log
// field) and whether the request came over HTTPS (for Strict-Transport-Security). Behind a
// reverse proxy the socket's peer is the proxy, so X-Forwarded-For / X-Forwarded-Proto must be
// read instead; but anyone can send those headers, so they count only from a trusted proxy.
import { BlockList, isIP } from "node:net";
import type { ClientInfo } from "../env.ts";

/**
 * TRUST_PROXY, parsed: `none` ignores forwarded headers; `hops: n` trusts the n proxies nearest
 * the server whatever their address; `addresses` trusts peers in the listed addresses/ranges.
 */
export type TrustProxy =
  | { kind: "none" }
  | { kind: "hops"; hops: number }
  | { kind: "addresses"; entries: string[] };

const loopback = ["127.0.0.0/8", "::1/128"];

function isRange(entry: string): boolean {
  const [ip, bits, extra] = entry.split("/");
  if (extra !== undefined || !ip || bits === undefined || !/^\d{1,3}$/.test(bits)) return false;
  const version = isIP(ip);
  return version !== 0 && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * "1" (one proxy in front, e.g. nginx on the same host), "2", …; or a comma list of addresses,
 * CIDR ranges and the word "loopback". Unset, "0" or "false": no proxy is trusted.
 * Returns the error message for a value it cannot read.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | string {
  const text = (value ?? "").trim().toLowerCase();
  if (text === "" || text === "0" || text === "false") return { kind: "none" };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 10 ? { kind: "hops", hops } : "must be at most 10 proxies";
  }
  const entries = text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (entry !== "loopback" && isIP(entry) === 0 && !isRange(entry)) {
      return `"${entry}" is not a number of proxies, an IP address, a CIDR range or "loopback"`;
    }
  }
  return { kind: "addresses", entries };
}

/** "::ffff:10.0.0.1" (an IPv4 client of a dual-stack socket) is 10.0.0.1. */
function normaliseAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped?.[1] ?? address;
}

// One X-Forwarded-For item: "203.0.113.7", "203.0.113.7:5120", "[2001:db8::1]:443".
function forwardedAddress(item: string): string {
  const text = item.trim().slice(0, 100);
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed?.[1]) return normaliseAddress(bracketed[1]);
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(text);
  return normaliseAddress(withPort?.[1] ?? text);
}

function lastItem(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const items = header.split(",");
  return items[items.length - 1]?.trim().toLowerCase();
}

export interface ForwardedHeaders {
  forwardedFor?: string | null;
  forwardedProto?: string | null;
}

export type ClientResolver = (
  remoteAddress: string | undefined,
  headers: ForwardedHeaders,
  directHttps: boolean,
) => ClientInfo;

export function clientResolver(trust: TrustProxy): ClientResolver {
  let trusted: (address: string) => boolean = () => false;
  if (trust.kind === "hops") trusted = () => true;
  if (trust.kind === "addresses") {
    const list = new BlockList();
    for (const entry of trust.entries.flatMap((e) => (e === "loopback" ? loopback : [e]))) {
      const [ip = "", bits] = entry.split("/");
      const type = isIP(ip) === 6 ? "ipv6" : "ipv4";
      if (bits === undefined) list.addAddress(ip, type);
      else list.addSubnet(ip, Number(bits), type);
    }
    trusted = (address) => {
      const version = isIP(address);
      return version !== 0 && list.check(address, version === 6 ? "ipv6" : "ipv4");
    };
  }

  return (remoteAddress, { forwardedFor, forwardedProto }, directHttps) => {
    const peer = remoteAddress ? normaliseAddress(remoteAddress) : "unknown";
    if (trust.kind === "none" || !trusted(peer)) return { address: peer, https: directHttps };

    // The proxy's answer to "which scheme did the client use"; the nearest proxy's value wins,
    // as it is the one that overwrote or appended it last.
    const proto = lastItem(forwardedProto);
    const https = proto === undefined ? directHttps : proto === "https";
    // Each proxy appends the address it received from, so read the chain from the right.
    const chain = (forwardedFor ?? "")
      .split(",")
      .filter((s) => s.trim() !== "")
      .slice(-20)
      .map(forwardedAddress);
    chain.push(peer);
    if (trust.kind === "hops") {
      return { address: chain[Math.max(0, chain.length - 1 - trust.hops)] ?? peer, https };
    }
    let address = peer;
    for (let i = chain.length - 2; i >= 0 && trusted(address); i--) address = chain[i] ?? peer;
    return { address, https };
  };
}
