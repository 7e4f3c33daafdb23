/**
 * GET /v1/join_address (docs/games.md "The join address"): the organiser app is told
 * when QR codes and join links point at this computer only, with its network addresses instead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NetworkInterfaceInfo } from 'node:os';
import { startTestServer, type TestServer } from './support/testServer';
import { expectErrorMessage, guest, json, signUp, type Caller } from './support/clients';
import type { JoinAddress } from '../../src/domain/joinAddress';
import { isLocalHostname, joinAddress, lanAddresses } from '../../server/services/joinAddress';

/** A server with this environment and a signed-up organiser, started once per describe. */
function serverWith(env: Record<string, string>) {
  const state: { server?: TestServer; organiser?: Caller } = {};
  beforeAll(async () => {
    state.server = await startTestServer({ env });
    state.organiser = await signUp(state.server);
  });
  afterAll(async () => state.server?.close());
  return {
    ask: (headers: Record<string, string> = state.organiser!.headers) =>
      state.server!.request({ method: 'GET', url: '/v1/join_address', headers }),
  };
}

const answer = async (response: Awaited<ReturnType<ReturnType<typeof serverWith>['ask']>>) => {
  expect(response.statusCode, response.body).toBe(200);
  return json<JoinAddress>(response);
};

const info = (address: string, patch: Partial<NetworkInterfaceInfo> = {}) =>
  ({
    address,
    netmask: '255.255.255.0',
    family: 'IPv4',
    mac: '00:00:00:00:00:00',
    internal: false,
    cidr: `${address}/24`,
    ...patch,
  }) as NetworkInterfaceInfo;

describe('GET /v1/join_address with PUBLIC_URL unset', () => {
  const { ask } = serverWith({ PORT: '3000' });

  it('is local (http://localhost:{PORT}), with network addresses of the same port', async () => {
    const response = await ask();
    const address = await answer(response);
    expect(address.joinUrl).toBe('http://localhost:3000');
    expect(address.local).toBe(true);
    expect(response.headers['cache-control']).toBe('private, no-store');
    for (const url of address.lanUrls) expect(url).toMatch(/^http:\/\/\d+\.\d+\.\d+\.\d+:3000$/);
    expect(address.lanUrls).not.toContain('http://127.0.0.1:3000');
  });

  it('refuses guests with 401: the answer names the machine addresses', async () => {
    const response = await ask(guest().headers);
    expect(response.statusCode).toBe(401);
    expectErrorMessage(response);
  });
});

describe('GET /v1/join_address with PUBLIC_URL at 127.0.0.1', () => {
  const { ask } = serverWith({ PUBLIC_URL: 'http://127.0.0.1:8293/' });

  it('is local', async () => {
    expect(await answer(await ask())).toMatchObject({
      joinUrl: 'http://127.0.0.1:8293',
      local: true,
    });
  });
});

describe('GET /v1/join_address with PUBLIC_URL=https://play.example.com', () => {
  const { ask } = serverWith({ PUBLIC_URL: 'https://play.example.com' });

  it('is not local, and gives no machine addresses', async () => {
    expect(await answer(await ask())).toEqual({
      joinUrl: 'https://play.example.com',
      local: false,
      lanUrls: [],
    });
  });
});

describe('the join address rules', () => {
  it('counts localhost, *.localhost, the 127/8 block, ::1 and 0.0.0.0 as this computer only', () => {
    for (const host of ['localhost', 'LOCALHOST', 'app.localhost', '127.0.0.1', '127.1.2.3']) {
      expect(isLocalHostname(host), host).toBe(true);
    }
    expect(isLocalHostname('[::1]')).toBe(true);
    expect(isLocalHostname('0.0.0.0')).toBe(true);
    for (const host of ['192.168.1.20', 'play.example.com', '10.0.0.5', 'localhost.example.com']) {
      expect(isLocalHostname(host), host).toBe(false);
    }
  });

  it('suggests IPv4 network addresses only, the usual Wi-Fi ranges first, keeping scheme and port', () => {
    const interfaces = {
      lo: [info('127.0.0.1', { internal: true })],
      docker0: [info('172.17.0.1')],
      tailscale0: [info('100.101.102.103')],
      wlan0: [info('192.168.1.20'), info('fe80::1', { family: 'IPv6' })],
      eth0: [info('10.0.0.5'), info('169.254.3.4')],
    };
    expect(lanAddresses(interfaces)).toEqual([
      '192.168.1.20',
      '10.0.0.5',
      '172.17.0.1',
      '100.101.102.103',
    ]);
    expect(joinAddress('http://localhost:8080', { wlan0: [info('192.168.1.20')] })).toEqual({
      joinUrl: 'http://localhost:8080',
      local: true,
      lanUrls: ['http://192.168.1.20:8080'],
    });
    expect(joinAddress('http://127.0.0.1:8293', {})).toEqual({
      joinUrl: 'http://127.0.0.1:8293',
      local: true,
      lanUrls: [],
    });
  });
});
