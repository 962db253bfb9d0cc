/**
 * The client address used for rate limits, from the TCP socket. A dual-stack server sees IPv4
 * clients as IPv4-mapped IPv6 ("::ffff:203.0.113.7"); better-auth groups IPv6 addresses by /64,
 * which would put every IPv4 client into one bucket, so those are turned back into IPv4.
 */
export function clientIpFromSocket(remoteAddress: string | undefined): string {
  if (!remoteAddress) return 'unknown';
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(remoteAddress);
  return mapped ? mapped[1]! : remoteAddress;
}

/**
 * The address a rate limit counts by: an IPv4 address as it is, an IPv6 address by its /64 (one
 * household or server has a whole /64 to choose from, as better-auth groups them too).
 */
export function rateLimitSubject(address: string | null | undefined): string {
  if (!address) return 'unknown';
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.toLowerCase().split('::');
  const front = head ? head.split(':') : [];
  const back = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups = tail === undefined ? front : [...front, ...Array(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
