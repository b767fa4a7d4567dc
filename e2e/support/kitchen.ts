import { fileURLToPath } from 'node:url';
import type { Browser, WebSocketRoute } from '@playwright/test';
import { DEMO_ADMIN, expect, login } from './fixtures';

/** A kitchen tablet in landscape. */
export const TABLET_LANDSCAPE = { width: 1024, height: 768 };
/** Where the screenshots of the kitchen's screens are kept to look at (test-results is emptied by each run). */
export const KITCHEN_SHOTS = fileURLToPath(new URL('../../test-results/kitchen-shots/', import.meta.url));

/**
 * The demo admin's kitchen screen, live, on a landscape tablet whose socket goes through a gate the
 * test can shut: shutting it drops the socket (a real disconnect), and the page's attempts to
 * reconnect are held (WebSocket) or refused (long-polling, socket.io's fallback) until it opens.
 */
export async function kitchenBehindGate(browser: Browser) {
  const context = await browser.newContext({ viewport: TABLET_LANDSCAPE });
  let open = true;
  const connected: WebSocketRoute[] = [];
  const held: WebSocketRoute[] = [];
  await context.routeWebSocket(/\/socket\.io\//, (socket) => {
    if (!open) return void held.push(socket);
    socket.connectToServer();
    connected.push(socket);
  });
  await context.route(/\/socket\.io\//, (route) => (open ? route.continue() : route.abort()));
  const admin = await context.newPage();
  await login(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await admin.goto('/kitchen');
  await expect(admin.getByRole('status').filter({ hasText: /^Live$/ })).toBeVisible();
  return {
    context,
    admin,
    /** Drops the socket; the page's new ones wait at the gate. */
    async shut() {
      open = false;
      await Promise.all(connected.splice(0).map((socket) => socket.close()));
    },
    /** Waits for the page to try again at the gate, and lets it through. */
    async reopen() {
      await expect.poll(() => held.length, { timeout: 15_000 }).toBeGreaterThan(0);
      open = true;
      held.splice(0).forEach((socket) => socket.connectToServer());
    },
  };
}
