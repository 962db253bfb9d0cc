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
