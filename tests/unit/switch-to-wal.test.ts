import { describe, expect, it, vi } from 'vitest';
import { switchToWal } from '../../src/main/store/connection';

const busy = () => Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });

describe('switching a new database to WAL', () => {
  it('tries again while SQLite refuses at once with "database is locked" (consoles starting together)', () => {
    const pragma = vi
      .fn<(source: string) => unknown>()
      .mockImplementationOnce(() => {
        throw busy();
      })
      .mockImplementationOnce(() => {
        throw busy();
      })
      .mockImplementation(() => 'wal');
    switchToWal({ pragma } as never);
    expect(pragma).toHaveBeenCalledTimes(3);
    expect(pragma).toHaveBeenLastCalledWith('journal_mode = WAL');
  });

  it('does not hide any other failure', () => {
    const pragma = vi.fn(() => {
      throw Object.assign(new Error('file is not a database'), { code: 'SQLITE_NOTADB' });
    });
    expect(() => switchToWal({ pragma } as never)).toThrow('file is not a database');
    expect(pragma).toHaveBeenCalledTimes(1);
  });
});
