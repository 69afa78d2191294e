import { describe, expect, it } from 'vitest';
import { canonicalHost, reachSameAddress, reachedAddress } from '../../src/shared/reached-address';
import { liveAddressReachedBy } from '../../src/shared/live-address';
import { defaultProfileFields } from '../../src/shared/profile';

describe('reachedAddress: one key for every spelling of one server', () => {
  it.each([
    ['http://127.0.0.1:5201/hook', 'loopback:5201'],
    ['http://localhost:5201/x', 'loopback:5201'],
    ['http://LOCALHOST.:5201/x', 'loopback:5201'],
    ['http://127.0.0.2:5201/', 'loopback:5201'],
    ['http://[::1]:5201/', 'loopback:5201'],
    ['http://[0:0:0:0:0:0:0:1]:5201/', 'loopback:5201'],
    ['http://[::ffff:127.0.0.1]:5201/hook', 'loopback:5201'],
    ['http://[::ffff:7f00:1]:5201/hook', 'loopback:5201'],
    ['http://app.localhost:5201/', 'loopback:5201'],
    ['http://2130706433:5201/', 'loopback:5201'],
    // The unspecified address, as a place to connect to, is this machine on Linux and macOS.
    ['http://0.0.0.0:5201/', 'loopback:5201'],
    ['http://0:5201/', 'loopback:5201'],
    ['http://[::]:5201/', 'loopback:5201'],
    ['http://[::ffff:0.0.0.0]:5201/', 'loopback:5201'],
    ['http://localhost/', 'loopback:80'],
    ['https://localhost/', 'loopback:443'],
    ['https://API.Example.com./v1', 'api.example.com:443'],
    ['http://api.example.com:80/v1', 'api.example.com:80'],
    ['http://[::ffff:10.1.2.3]:8080/', '10.1.2.3:8080'],
    ['http://[2001:db8::1]:8080/', '2001:db8::1:8080'],
  ])('%s → %s', (url, key) => {
    expect(reachedAddress(url)).toBe(key);
  });

  it('is null for what is no http(s) URL', () => {
    expect(reachedAddress('ftp://127.0.0.1/')).toBeNull();
    expect(reachedAddress('not a url')).toBeNull();
    expect(reachSameAddress('not a url', 'not a url')).toBe(false);
  });

  it('tells apart what reaches another server', () => {
    expect(reachSameAddress('http://127.0.0.1:5201/', 'http://127.0.0.1:5202/')).toBe(false);
    expect(reachSameAddress('http://localhost/', 'https://localhost/')).toBe(false);
    expect(reachSameAddress('http://10.0.0.1:5201/', 'http://127.0.0.1:5201/')).toBe(false);
    expect(reachSameAddress('https://api.example.com/', 'https://api.example.com.evil.test/')).toBe(false);
    // The scheme alone does not make another server: one host and port is one socket.
    expect(reachSameAddress('http://api.example.com:443/', 'https://api.example.com/')).toBe(true);
  });

  it('canonicalHost takes a hostname as URL gives it, or as written', () => {
    expect(canonicalHost('[::ffff:7f00:1]')).toBe('loopback');
    expect(canonicalHost('::ffff:127.0.0.1')).toBe('loopback');
    expect(canonicalHost('Shop.Example.COM.')).toBe('shop.example.com');
    // A name that only begins like a loopback address is a name, reached wherever DNS says.
    expect(canonicalHost('127.example.com')).toBe('127.example.com');
    expect(reachSameAddress('http://127.example.com:5201/', 'http://127.0.0.1:5201/')).toBe(false);
  });
});

describe('liveAddressReachedBy: the one "is this a live address" test', () => {
  const live = {
    ...defaultProfileFields('live', 'Live'),
    publicListenerUrl: 'http://127.0.0.1:5201/hook',
  };
  const sandbox = { ...defaultProfileFields('sandbox', 'Sandbox'), baseUrl: 'http://127.0.0.1:5300' };

  it.each([
    'http://127.0.0.1:5201/hook',
    'http://localhost:5201/hook',
    'http://[::ffff:127.0.0.1]:5201/hook',
    'http://[::ffff:7f00:1]:5201/other',
    'http://localhost.:5201/x',
    'http://[::1]:5201/',
    'http://127.1:5201/',
    'http://0.0.0.0:5201/x',
    'http://[::]:5201/x',
  ])('%s reaches Live', (url) => {
    expect(liveAddressReachedBy(url, [sandbox, live])).toEqual({
      profileName: 'Live',
      field: 'public listener URL',
      url: 'http://127.0.0.1:5201/hook',
      server: 'http://127.0.0.1:5201',
    });
  });

  it('the base URL too, with its default port filled in', () => {
    const atLocalhost = { ...live, baseUrl: 'http://localhost:5201', publicListenerUrl: null };
    expect(liveAddressReachedBy('http://localhost.:5201/x', [atLocalhost])?.field).toBe('base URL');
    const atDefault = { ...live, baseUrl: 'https://api.live.test/v1', publicListenerUrl: null };
    expect(liveAddressReachedBy('https://API.live.test.:443/hooks', [atDefault])?.field).toBe('base URL');
  });

  it('another port, or a profile that is not live, is no live address', () => {
    expect(liveAddressReachedBy('http://localhost:5202/hook', [live])).toBeNull();
    expect(liveAddressReachedBy('http://localhost:5300/x', [sandbox, live])).toBeNull();
  });
});
