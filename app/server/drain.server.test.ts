import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listenQueueLength } from './drain.server';

describe('listenQueueLength', () => {
  it('adds up the waiting connections of the sockets listening on the port, IPv4 and IPv6', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'ppa-proc-'));
    const header = '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode';
    writeFileSync(
      path.join(folder, 'tcp'),
      [
        header,
        '   0: 00000000:0BB8 00000000:0000 0A 00000000:00000003 00:00000000 00000000     0        0 1 1 0 100 0 0 10 0',
        // A connection to the port (not listening) and another port's listener do not count.
        '   1: 0100007F:0BB8 0100007F:D431 01 00000000:00000009 00:00000000 00000000     0        0 2 1 0 20 4 30 10 -1',
        '   2: 00000000:1F90 00000000:0000 0A 00000000:00000005 00:00000000 00000000     0        0 3 1 0 100 0 0 10 0',
      ].join('\n'),
    );
    writeFileSync(
      path.join(folder, 'tcp6'),
      [header, '   0: 00000000000000000000000000000000:0BB8 00000000000000000000000000000000:0000 0A 00000000:0000000A 00:00000000 00000000 0 0 4 1 0 100 0 0 10 0'].join('\n'),
    );
    expect(listenQueueLength(3000, [path.join(folder, 'tcp'), path.join(folder, 'tcp6')])).toBe(13);
    expect(listenQueueLength(3001, [path.join(folder, 'tcp')])).toBe(0);
    expect(listenQueueLength(3000, [path.join(folder, 'missing')])).toBeNull();
  });
});
