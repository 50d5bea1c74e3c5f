// Which endpoint addresses a company may register and this server may call. HTTPS only, but for
// plain HTTP to localhost when loopback is allowed (WEBHOOKS_ALLOW_LOOPBACK, development and
// tests). Private, link-local, carrier-grade NAT, multicast and unspecified addresses are refused
// whether written in the URL or found by DNS at delivery time (`guardedLookup`), so a webhook
// cannot reach the server's own network; loopback only when allowed.
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { Invalid } from '../../lib/errors.ts';

const refused = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  refused.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  refused.addSubnet(network, prefix, 'ipv6');
}
const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** An IPv4 address written as IPv6 (`::ffff:10.0.0.1`) is checked as the IPv4 one. */
const unmapped = (address: string) => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
};

const familyOf = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

export const isLoopback = (address: string) => {
  const plain = unmapped(address);
  return loopback.check(plain, familyOf(plain));
};

/** Why a resolved address may not be called, or null when it may. */
export function addressRefusal(address: string, allowLoopback: boolean): string | null {
  const plain = unmapped(address);
  if (isLoopback(plain)) return allowLoopback ? null : 'a loopback address';
  if (refused.check(plain, familyOf(plain))) return 'a private or reserved address';
  return null;
}

const LOCAL_NAMES = new Set(['localhost', 'localhost.']);

/** The URL as stored when it may be registered; otherwise Invalid (400) saying why. */
export function checkEndpointUrl(raw: string, allowLoopback: boolean): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new Invalid('url: not a valid address (e.g. https://pms.example.com/hooks/flowsight)');
  }
  if (url.username || url.password) {
    throw new Invalid('url: put no user name or password in the address');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const local = LOCAL_NAMES.has(host) || (isIP(host) !== 0 && isLoopback(host));
  if (url.protocol === 'http:') {
    if (!(local && allowLoopback)) {
      throw new Invalid(
        'url: must start with https:// (plain http only to localhost in development)',
      );
    }
  } else if (url.protocol !== 'https:') {
    throw new Invalid('url: must start with https://');
  }
  if (local && !allowLoopback) {
    throw new Invalid('url: must not point at this server (localhost)');
  }
  if (isIP(host) !== 0) {
    const why = addressRefusal(host, allowLoopback);
    if (why) throw new Invalid(`url: must not point at ${why}`);
  }
  if (url.hash) url.hash = '';
  return url.toString();
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A DNS lookup for the HTTP client that refuses the addresses `addressRefusal` names, so a name
 * that resolves (or is re-pointed) to a private address is not called.
 */
export function guardedLookup(allowLoopback: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) {
        callback(error, []);
        return;
      }
      const list = addresses as LookupAddress[];
      for (const entry of list) {
        const why = addressRefusal(entry.address, allowLoopback);
        if (why) {
          const refusal: NodeJS.ErrnoException = new Error(
            `${hostname} resolves to ${why} (${entry.address}); not called`,
          );
          refusal.code = 'EADDRREFUSED';
          callback(refusal, []);
          return;
        }
      }
      if (options.all) callback(null, list);
      else {
        const first = list[0];
        if (!first) callback(new Error(`${hostname} has no address`), []);
        else callback(null, first.address, first.family);
      }
    });
  };
}
