import { describe, expect, it } from 'vitest';
import { connectionNotice, NOTICE_SHAPES } from '../../src/renderer/src/app/connection-notice';

describe("the browser tab's connection notice", () => {
  it('says nothing while connecting or connected, unless the tab just caught up', () => {
    expect(connectionNotice({ status: 'connecting' }, false)).toBeNull();
    expect(connectionNotice({ status: 'open' }, false)).toBeNull();
    expect(connectionNotice({ status: 'open' }, true)).toBe('caught-up');
    // Still reconnecting after falling behind: the caught-up words wait for the open socket.
    expect(connectionNotice({ status: 'connecting' }, true)).toBeNull();
  });

  it('tells a tab that fell behind from a console that stopped answering', () => {
    expect(connectionNotice({ status: 'closed', fellBehind: true }, true)).toBe('fell-behind');
    expect(connectionNotice({ status: 'closed' }, false)).toBe('closed');
    // A later plain drop is a stopped console, whatever the tab went through before.
    expect(connectionNotice({ status: 'closed' }, true)).toBe('closed');
  });

  it('says signed out whether or not this browser is signed in to the console running now', () => {
    const refused = { status: 'refused', openCommand: 'npx checkout-console open' } as const;
    expect(connectionNotice({ ...refused, signedIn: false }, false)).toBe('refused');
    expect(connectionNotice({ ...refused, signedIn: true }, true)).toBe('refused');
  });

  it('keeps the banner every e2e spec finds apart from the notice that can be dismissed', () => {
    // The specs find the banner by one test id and tell its states apart by data-connection.
    expect(NOTICE_SHAPES['fell-behind'].testId).toBe('connection-banner');
    expect(NOTICE_SHAPES.closed.testId).toBe('connection-banner');
    expect(NOTICE_SHAPES.refused.testId).toBe('connection-banner');
    expect(NOTICE_SHAPES['caught-up'].testId).toBe('fell-behind-notice');
    // Waiting to reconnect is one colour whatever the cause; signed out is worse; caught up is news.
    expect(NOTICE_SHAPES['fell-behind'].color).toBe(NOTICE_SHAPES.closed.color);
    expect(NOTICE_SHAPES.refused.color).toBe('red');
    expect(NOTICE_SHAPES['caught-up'].color).toBe('blue');
  });
});
