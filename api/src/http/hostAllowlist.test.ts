import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { HostAllowlist, HostListError, LOOPBACK_HOSTS, pinnedLookup } from './hostAllowlist.js';

const stub =
  (answers: Record<string, LookupAddress[]>) =>
  async (name: string): Promise<LookupAddress[]> => {
    const addresses = answers[name];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
    return addresses;
  };
const v4 = (address: string): LookupAddress => ({ address, family: 4 });
const v6 = (address: string): LookupAddress => ({ address, family: 6 });

describe('a host allowlist', () => {
  it('reads names, addresses and CIDR ranges of both families', () => {
    const list = HostAllowlist.parse(' TikFinity.Studio.LAN. , 192.168.1.20, 10.0.0.0/8, fd00::/8, [::1] ');
    expect(list.entries).toEqual(['tikfinity.studio.lan', '192.168.1.20', '10.0.0.0/8', 'fd00::/8', '::1']);
    expect(list.allowsName('tikfinity.studio.lan')).toBe(true);
    expect(list.allowsName('TIKFINITY.studio.lan.')).toBe(true);
    expect(list.allowsName('studio.lan')).toBe(false);
    for (const address of ['192.168.1.20', '10.255.255.255', 'fd12::1', '::1', '::ffff:10.1.2.3'])
      expect(list.allowsAddress(address), address).toBe(true);
    for (const address of ['192.168.1.21', '11.0.0.1', 'fe80::1', '::2', '127.0.0.1', 'not an address'])
      expect(list.allowsAddress(address), address).toBe(false);
  });

  it('by default (outside production) allows the loopback names and addresses only', () => {
    expect(LOOPBACK_HOSTS.entries).toEqual(['localhost', '127.0.0.0/8', '::1']);
    for (const address of ['127.0.0.1', '127.255.255.254', '::1', '::ffff:127.0.0.1'])
      expect(LOOPBACK_HOSTS.allowsAddress(address), address).toBe(true);
    for (const address of ['0.0.0.0', '::', '128.0.0.1', '169.254.169.254', '10.0.0.1', '::2'])
      expect(LOOPBACK_HOSTS.allowsAddress(address), address).toBe(false);
  });

  it.each([
    ['10.0.0.0/33', "'10.0.0.0/33' has a prefix longer than 32 bits"],
    ['::/129', "'::/129' has a prefix longer than 128 bits"],
    ['10.0.0/8', "'10.0.0/8' is not a host name, an IP address or a CIDR range"],
    ['10.0.0.0/x', "'10.0.0.0/x' is not a CIDR range"],
    ['10.0.0.0/8/8', "'10.0.0.0/8/8' is not a CIDR range"],
    ['ws://localhost:21213', "'ws://localhost:21213' is not a host name, an IP address or a CIDR range"],
    ['localhost:21213', "'localhost:21213' is not a host name"],
    ['two words', "'two words' is not a host name"],
    ['-bad.example', "'-bad.example' is not a host name"],
    ['fe80::1%eth0', "'fe80::1%eth0' holds a zone index"],
    ['10.0.0', "'10.0.0' is not an IP address"],
    ['192.168.1.300', "'192.168.1.300' is not an IP address"],
  ])('refuses %j, naming it', (entry, message) => {
    expect(() => HostAllowlist.parse(`localhost, ${entry}`)).toThrow(HostListError);
    expect(() => HostAllowlist.parse(`localhost, ${entry}`)).toThrow(message);
  });

  it('is empty for nothing and for none', () => {
    expect(HostAllowlist.parse('').empty).toBe(true);
    expect(HostAllowlist.parse(' none ').empty).toBe(true);
    expect(HostAllowlist.parse(' , ').empty).toBe(true);
  });

  describe('checks the addresses a host resolves to', () => {
    const list = HostAllowlist.parse('tikfinity.lan, 127.0.0.0/8, 192.168.1.0/24');
    const dns = stub({
      'tikfinity.lan': [v4('203.0.113.9')],
      'studio.lan': [v4('192.168.1.7'), v6('::1')],
      'partly.lan': [v4('192.168.1.7'), v4('10.0.0.1')],
      'inside.corp': [v4('10.1.2.3')],
      '127.0.0.1': [v4('127.0.0.1')],
      '10.0.0.1': [v4('10.0.0.1')],
      '::ffff:127.0.0.1': [v6('::ffff:127.0.0.1')],
    });

    it('a name on the list: allowed, with what it resolves to', async () => {
      expect(await list.check('TikFinity.lan', dns)).toEqual([v4('203.0.113.9')]);
    });

    it('another name: every address must be in a range', async () => {
      expect(await list.check('partly.lan', dns)).toBeNull();
      expect(await list.check('inside.corp', dns)).toBeNull();
      expect(await list.check('127.0.0.1', dns)).toEqual([v4('127.0.0.1')]);
      expect(await list.check('::ffff:127.0.0.1', dns)).toEqual([v6('::ffff:127.0.0.1')]);
      expect(await list.check('10.0.0.1', dns)).toBeNull();
      // ::1 is not on this list.
      expect(await list.check('studio.lan', dns)).toBeNull();
      expect(await HostAllowlist.parse('192.168.1.0/24, ::1').check('studio.lan', dns)).toHaveLength(2);
    });

    it('a name that does not resolve answers as a refused one (no oracle for names inside)', async () => {
      expect(await list.check('nowhere.corp', dns)).toBeNull();
      // A name on the list that does not resolve is a connection error, not a refusal.
      await expect(HostAllowlist.parse('gone.lan').check('gone.lan', dns)).rejects.toThrow(/ENOTFOUND/);
    });

    it('asks no resolver for a name off a list without ranges', async () => {
      const asked: string[] = [];
      const names = HostAllowlist.parse('tikfinity.lan');
      expect(
        await names.check('other.lan', async (name) => (asked.push(name), [v4('127.0.0.1')])),
      ).toBeNull();
      expect(await HostAllowlist.parse('').check('localhost', dns)).toBeNull();
      expect(asked).toEqual([]);
    });
  });

  it('pins a connection to the checked addresses, by family, one or all', () => {
    const lookup = pinnedLookup([v4('127.0.0.1'), v6('::1')]);
    const answers: unknown[] = [];
    const keep = (...args: unknown[]) => answers.push(args);
    lookup('rebound.example', { all: true }, keep);
    lookup('rebound.example', { family: 6 }, keep);
    lookup('rebound.example', { family: 4, all: true }, keep);
    pinnedLookup([v6('::1')])('rebound.example', { family: 4 }, keep);
    expect(answers.slice(0, 3)).toEqual([
      [null, [v4('127.0.0.1'), v6('::1')]],
      [null, '::1', 6],
      [null, [v4('127.0.0.1')]],
    ]);
    expect((answers[3] as [NodeJS.ErrnoException])[0].code).toBe('ENOTFOUND');
  });
});

describe('AUDIENCE_SOURCE_HOSTS', () => {
  const secret = { SESSION_SECRET: 'x'.repeat(32) };

  it('defaults to the loopback hosts outside production, to none in production', () => {
    expect(loadConfig({}).audienceSourceHosts.entries).toEqual(['localhost', '127.0.0.0/8', '::1']);
    expect(loadConfig({ NODE_ENV: 'test' }).audienceSourceHosts).toBe(LOOPBACK_HOSTS);
    expect(loadConfig({ NODE_ENV: 'production', ...secret }).audienceSourceHosts.empty).toBe(true);
    expect(
      loadConfig({ NODE_ENV: 'production', ...secret, AUDIENCE_SOURCE_HOSTS: '  ' }).audienceSourceHosts
        .empty,
    ).toBe(true);
  });

  it('is read as a list, or none', () => {
    const { audienceSourceHosts } = loadConfig({
      NODE_ENV: 'production',
      ...secret,
      AUDIENCE_SOURCE_HOSTS: 'tikfinity.internal,10.8.0.0/16',
    });
    expect(audienceSourceHosts.entries).toEqual(['tikfinity.internal', '10.8.0.0/16']);
    expect(loadConfig({ AUDIENCE_SOURCE_HOSTS: 'none' }).audienceSourceHosts.empty).toBe(true);
  });

  it('refuses a bad entry with a ConfigError naming the variable and the entry', () => {
    let error: unknown;
    try {
      loadConfig({ AUDIENCE_SOURCE_HOSTS: 'localhost, 10.0.0.0/40' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(
      "AUDIENCE_SOURCE_HOSTS: '10.0.0.0/40' has a prefix longer than 32 bits: AUDIENCE_SOURCE_HOSTS is a comma-separated list",
    );
  });
});
