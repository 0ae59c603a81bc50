import Bowser from 'bowser';
import { isIP } from 'node:net';

/** How a session's device is shown: read from its user agent and sign-in address, nothing else. */
export interface DeviceFacts {
  browser: string;
  system: string;
  /** The network ('203.0.113.x'), or null when the address was not recorded. */
  ipPrefix: string | null;
}

const UNKNOWN_BROWSER = 'Browser sconosciuto';
const UNKNOWN_SYSTEM = 'Sistema sconosciuto';

/** Browser and system from a user agent (bowser); a missing or unreadable one gives the 'sconosciuto' names. */
export function describeUserAgent(userAgent: string | null | undefined): { browser: string; system: string } {
  if (!userAgent) return { browser: UNKNOWN_BROWSER, system: UNKNOWN_SYSTEM };
  try {
    const parsed = Bowser.parse(userAgent.slice(0, 300));
    // Only the names: browsers freeze the versions they report (every Mac says 10.15).
    return { browser: parsed.browser.name || UNKNOWN_BROWSER, system: parsed.os.name || UNKNOWN_SYSTEM };
  } catch {
    return { browser: UNKNOWN_BROWSER, system: UNKNOWN_SYSTEM };
  }
}

/** Expands an IPv6 address to its eight groups (without leading zeros). */
function ipv6Groups(ip: string): string[] {
  const [head = '', tail = ''] = ip.split('::');
  const h = head ? head.split(':') : [];
  const t = ip.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = [...h, ...Array(8 - h.length - t.length).fill('0'), ...t];
  return groups.map((g) => (parseInt(g, 16) || 0).toString(16));
}

/** Cuts an address to its network: IPv4 /24 as '203.0.113.x', IPv6 /48 as '2001:db8:1::/48'. */
export function truncateIp(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const v4 = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  if (isIP(v4) === 4) return `${v4.split('.').slice(0, 3).join('.')}.x`;
  if (isIP(ip) !== 6 || ip.includes('.')) return null;
  return `${ipv6Groups(ip.split('%')[0] ?? ip)
    .slice(0, 3)
    .join(':')}::/48`;
}

export function deviceFacts(userAgent: string | null | undefined, ip: string | null | undefined): DeviceFacts {
  return { ...describeUserAgent(userAgent), ipPrefix: truncateIp(ip) };
}

/** What a new-device check compares: browser, system and network together. */
export const deviceKey = (d: DeviceFacts) => `${d.browser}|${d.system}|${d.ipPrefix ?? '?'}`;

/** How the network is shown: 'Rete 203.0.113.x'. */
export const networkLabel = (ipPrefix: string | null) => (ipPrefix ? `Rete ${ipPrefix}` : 'Rete sconosciuta');
