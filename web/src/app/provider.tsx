import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { NoticeProvider } from '@/components/ui/notice-dialog';
import { createApiClient } from '@/lib/api-client';
import { AuthProvider } from '@/lib/auth';
import { createAuthSession } from '@/lib/auth-session';
import { createLiveRooms, type LiveRooms, LiveRoomsProvider, useLiveUpdates } from '@/lib/live-updates';
import { createQueryClient } from '@/lib/query-client';

function LiveUpdates({ enabled, rooms }: { enabled: boolean; rooms: LiveRooms }) {
  useLiveUpdates(enabled, rooms);
  return null;
}

const never = () => () => undefined;

/**
 * Whether this render is the browser's own: false on the server and while hydrating a page it drew,
 * true from then on (and from the start of a page rendered here).
 */
function useInBrowser(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/**
 * Everything the screens share: one session (restored from the refresh cookie on start), its API
 * client, the query cache, live updates and the notice dialog.
 */
export function AppProvider({
  children,
  liveUpdates = true,
  queryClient: givenQueryClient,
}: {
  children: ReactNode;
  /** Off in component tests, which have no socket server to talk to. */
  liveUpdates?: boolean;
  queryClient?: QueryClient;
}) {
  const [app] = useState(() => {
    const session = createAuthSession();
    return { session, api: createApiClient(session), queryClient: givenQueryClient ?? createQueryClient(), liveRooms: createLiveRooms() };
  });

  const inBrowser = useInBrowser();

  useEffect(() => {
    void app.session.restore();
    // Nothing read for one user may show to the next: forget the cache when a session ends.
    let previous = app.session.getState().status;
    return app.session.subscribe(() => {
      const status = app.session.getState().status;
      if (previous === 'signed-in' && status === 'signed-out') app.queryClient.clear();
      previous = status;
    });
  }, [app]);

  return (
    <QueryClientProvider client={app.queryClient}>
      <AuthProvider session={app.session} api={app.api}>
        <LiveRoomsProvider rooms={app.liveRooms}>
          <NoticeProvider>
            {/* Draws nothing and acts in effects: it joins once the page is the browser's (the server has no socket). */}
            {inBrowser ? <LiveUpdates enabled={liveUpdates} rooms={app.liveRooms} /> : null}
            {children}
          </NoticeProvider>
        </LiveRoomsProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
