import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AddressRefused, createGuardedAgent, guardedLookup, type ResolveHost } from './address-guard.js';

/** A resolver whose answer changes from one lookup to the next, as a rebinding DNS server's does. */
function answersInTurn(answers: readonly string[][]): { resolve: ResolveHost; calls: () => number } {
  let calls = 0;
  return { resolve: async () => answers[Math.min(calls++, answers.length - 1)]!, calls: () => calls };
}

/** Calls the lookup the way net.connect does when it opens a socket (happy eyeballs asks for all). */
function lookupAsSocket(lookup: ReturnType<typeof guardedLookup>, hostname: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    lookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses as LookupAddress[])));
  });
}

describe('guardedLookup (what every socket resolves through)', () => {
  it('refuses the private answer of a name even when a first lookup of it said public (DNS rebinding)', async () => {
    const rebinding = answersInTurn([['93.184.216.34'], ['127.0.0.1']]);
    const lookup = guardedLookup(rebinding.resolve, false);

    // The first connection gets exactly the address that was checked…
    expect(await lookupAsSocket(lookup, 'rebind.example')).toEqual([{ address: '93.184.216.34', family: 4 }]);
    // …and the next one is checked again, not waved through on the strength of the first.
    const refusal = await lookupAsSocket(lookup, 'rebind.example').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AddressRefused);
    expect((refusal as AddressRefused).why).toBe('rebind.example resolves to 127.0.0.1');
    expect(rebinding.calls()).toBe(2);
  });

  it('refuses the whole answer when any address in it is private, whatever the order', async () => {
    const lookup = guardedLookup(async () => ['2606:4700:4700::1111', '93.184.216.34', 'fd00::1'], false);
    await expect(lookupAsSocket(lookup, 'mixed.example')).rejects.toBeInstanceOf(AddressRefused);
  });

  it('answers a single-address lookup with the first checked address and its family', async () => {
    const lookup = guardedLookup(async () => ['2606:4700:4700::1111', '93.184.216.34'], false);
    const single = await new Promise<[string, number | undefined]>((resolve, reject) =>
      lookup('dual.example', {}, (error, address, family) => (error ? reject(error) : resolve([address as string, family]))),
    );
    expect(single).toEqual(['2606:4700:4700::1111', 6]);
  });

  it('reports a name with no addresses as not found', async () => {
    const error = await lookupAsSocket(guardedLookup(async () => [], false), 'nowhere.example').catch((caught: unknown) => caught);
    expect((error as NodeJS.ErrnoException).code).toBe('ENOTFOUND');
  });
});

describe('createGuardedAgent', () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createServer((_req, res) => res.end('fixture'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const toLoopback: ResolveHost = async () => ['127.0.0.1'];

  it('reaches the configured scraper base on 127.0.0.1, and no other loopback origin', async () => {
    const agent = createGuardedAgent({ resolveHost: toLoopback, allowPrivateAddresses: false, trustedOrigin: new URL(`http://127.0.0.1:${port}`), connectTimeoutMs: 1_000 });
    try {
      const base = await request(`http://127.0.0.1:${port}/x`, { dispatcher: agent });
      expect(await base.body.text()).toBe('fixture');
      // The same socket address under a name, or another port, is not the configured origin.
      await expect(request(`http://fixture.example:${port}/x`, { dispatcher: agent })).rejects.toBeInstanceOf(AddressRefused);
      await expect(request(`http://127.0.0.1:${port + 1}/x`, { dispatcher: agent })).rejects.toBeInstanceOf(AddressRefused);
    } finally {
      await agent.close();
    }
  });

  it('refuses 127.0.0.1 when no scraper base is configured', async () => {
    const agent = createGuardedAgent({ resolveHost: toLoopback, allowPrivateAddresses: false, trustedOrigin: null, connectTimeoutMs: 1_000 });
    try {
      await expect(request(`http://127.0.0.1:${port}/x`, { dispatcher: agent })).rejects.toBeInstanceOf(AddressRefused);
      await expect(request(`http://[::ffff:127.0.0.1]:${port}/x`, { dispatcher: agent })).rejects.toBeInstanceOf(AddressRefused);
    } finally {
      await agent.close();
    }
  });
});
