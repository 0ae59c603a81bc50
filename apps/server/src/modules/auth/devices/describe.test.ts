import { describe, expect, it } from 'vitest';
import { describeUserAgent, truncateIp } from './describe.js';

describe('truncateIp keeps only the network', () => {
  it.each([
    ['203.0.113.57', '203.0.113.x'],
    ['::ffff:198.51.100.4', '198.51.100.x'],
    ['2001:db8:1:2::5', '2001:db8:1::/48'],
    ['2001:0db8:0001:ffff:0:0:0:1', '2001:db8:1::/48'],
    ['fe80::1%eth0', 'fe80:0:0::/48'],
    ['non un indirizzo', null],
    ['', null],
  ])('%s → %s', (ip, network) => {
    expect(truncateIp(ip)).toBe(network);
  });
});

describe('describeUserAgent', () => {
  it('names the browser and the system, and says when it cannot', () => {
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0')).toEqual({
      browser: 'Firefox',
      system: 'Windows',
    });
    expect(describeUserAgent(null)).toEqual({ browser: 'Browser sconosciuto', system: 'Sistema sconosciuto' });
    expect(describeUserAgent('curl/8.5.0').system).toBe('Sistema sconosciuto');
  });
});
