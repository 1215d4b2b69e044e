import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** How a host name becomes addresses: dns.lookup with `all` by default (the system's resolver and hosts file). */
export type HostResolver = (hostname: string) => Promise<LookupAddress[]>;

/** A resolver that does not answer within this long counts as one that found nothing. */
export const RESOLVE_TIMEOUT_MS = 5000;

export const systemResolver: HostResolver = (hostname) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('the host name lookup took too long')),
      RESOLVE_TIMEOUT_MS,
    );
    timer.unref();
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(addresses);
    });
  });

/** Why an entry of a host list is refused, or null: a host name, an IP address, or a CIDR range. */
function entryProblem(entry: string): string | null {
  const [address = '', bits, extra] = entry.split('/');
  const version = isIP(address);
  if (bits !== undefined && version !== 0) {
    if (extra !== undefined || !/^\d{1,3}$/.test(bits) || address.includes('%'))
      return 'is not a CIDR range (e.g. 10.0.0.0/8 or fd00::/8)';
    if (Number(bits) > (version === 4 ? 32 : 128))
      return `has a prefix longer than ${version === 4 ? 32 : 128} bits`;
    return null;
  }
  if (version !== 0 && bits === undefined)
    return entry.includes('%') ? 'holds a zone index (%...), which cannot be allowed' : null;
  // A URL reads a host ending in a number as an IPv4 address (ws://10.1/ is 10.0.0.1), never as this name.
  if (/(^|\.)(\d+|0x[0-9a-f]*)$/.test(entry)) return 'is not an IP address (nor a host name)';
  return HOST_NAME.test(entry) && entry.length <= 253
    ? null
    : 'is not a host name, an IP address or a CIDR range';
}

// Letters, digits and hyphens in labels of at most 63, not starting or ending with a hyphen.
const HOST_NAME = /^(?!-)[a-z0-9-]{1,63}(?<!-)(?:\.(?!-)[a-z0-9-]{1,63}(?<!-))*$/;

export class HostListError extends Error {}

/** A host as a URL gives it, as names are compared: lower case, no brackets, no final dot. */
const bare = (host: string) =>
  host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');

/**
 * The hosts the server may open a connection to on a user's word (an audience source's URL): names, allowed as
 * they are written, and IP addresses and CIDR ranges, which every address a host resolves to must fall in
 * (docs/decisions/0046-audience-source-hosts.md).
 */
export class HostAllowlist {
  private readonly names = new Set<string>();
  private readonly ranges = new BlockList();
  private hasRanges = false;

  private constructor(readonly entries: readonly string[]) {
    for (const entry of entries) {
      if (entry.includes('/')) {
        const [address = '', bits = ''] = entry.split('/');
        this.ranges.addSubnet(address, Number(bits), isIP(address) === 4 ? 'ipv4' : 'ipv6');
        this.hasRanges = true;
      } else if (isIP(entry)) {
        this.ranges.addAddress(entry, isIP(entry) === 4 ? 'ipv4' : 'ipv6');
        this.hasRanges = true;
      } else {
        this.names.add(entry);
      }
    }
  }

  /** A comma-separated list; `none` (or nothing) allows no host. Throws HostListError naming a bad entry. */
  static parse(text: string): HostAllowlist {
    const entries = text
      .split(',')
      .map(bare)
      .filter((entry) => entry !== '');
    if (entries.length === 1 && entries[0] === 'none') return new HostAllowlist([]);
    for (const entry of entries) {
      const problem = entryProblem(entry);
      if (problem) throw new HostListError(`'${entry}' ${problem}`);
    }
    return new HostAllowlist(entries);
  }

  get empty(): boolean {
    return this.entries.length === 0;
  }

  allowsName(host: string): boolean {
    return this.names.has(bare(host));
  }

  /** An IPv4-mapped IPv6 address counts as its IPv4 address (BlockList matches it so). */
  allowsAddress(address: string): boolean {
    const version = isIP(address);
    return version !== 0 && this.ranges.check(address, version === 4 ? 'ipv4' : 'ipv6');
  }

  /**
   * The addresses of `host` the server may connect to, or null when it may not: a name on the list, with every
   * address it resolves to; else every address it resolves to must be in a range. A host that does not resolve
   * answers null like a refused one, so the answer tells nothing of the names inside the deployment.
   */
  async check(host: string, resolve: HostResolver = systemResolver): Promise<LookupAddress[] | null> {
    const name = bare(host);
    const byName = this.names.has(name);
    if (!byName && !this.hasRanges) return null;
    let addresses: LookupAddress[];
    try {
      addresses = await resolve(name);
    } catch (error) {
      if (byName) throw error;
      return null;
    }
    if (byName) return addresses;
    return addresses.length > 0 && addresses.every(({ address }) => this.allowsAddress(address))
      ? addresses
      : null;
  }
}

/** The loopback names and addresses: a streamer running the server and TikFinity on one computer. */
export const LOOPBACK_HOSTS = HostAllowlist.parse('localhost, 127.0.0.0/8, ::1');

/**
 * A `lookup` for net.connect that answers only the addresses already checked, so the connection goes where the
 * check looked, whatever the name resolves to a moment later (DNS rebinding).
 */
export function pinnedLookup(addresses: readonly LookupAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    const fitting = family === 4 || family === 6 ? addresses.filter((a) => a.family === family) : addresses;
    const first = fitting[0];
    if (!first) {
      callback(Object.assign(new Error('no checked address of this family'), { code: 'ENOTFOUND' }), '');
    } else if (options.all) {
      callback(null, [...fitting]);
    } else {
      callback(null, first.address, first.family);
    }
  };
}
