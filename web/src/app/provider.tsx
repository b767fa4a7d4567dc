import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { NoticeProvider } from '@/components/ui/notice-dialog';
import { ToastProvider } from '@/components/ui/toast';
import { StageNotifications } from '@/features/requests/components/stage-notifications';
import { createApiClient } from '@/lib/api-client';
import { AuthProvider } from '@/lib/auth';
import { createAuthSession, type SessionState } from '@/lib/auth-session';
import {
  createLiveFeed,
  createLiveRooms,
  type LiveFeed,
  LiveFeedProvider,
  type LiveRooms,
  LiveRoomsProvider,
  catchUpOnReconnect,
  useLiveUpdates,
} from '@/lib/live-updates';
import { createQueryClient } from '@/lib/query-client';

function LiveUpdatesHooks({ enabled, rooms, feed }: { enabled: boolean; rooms: LiveRooms; feed: LiveFeed }) {
  useLiveUpdates(enabled, rooms, feed);
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
 * Draws nothing and acts in effects: it joins once the page is the browser's (the server has no
 * socket). It alone renders again when hydration ends: a render of the providers above the page would
 * hand the page new context values, and a part of it still waiting to hydrate (a lazy one) would be
 * drawn again instead.
 */
function LiveUpdates(props: { enabled: boolean; rooms: LiveRooms; feed: LiveFeed }) {
  return useInBrowser() ? <LiveUpdatesHooks {...props} /> : null;
}

/**
 * Everything the screens share: one session (restored from the refresh cookie on start), its API
 * client, the query cache, live updates, the notice dialog and the toasts (a student's request moving
 * on is told wherever they are).
 */
export function AppProvider({
  children,
  liveUpdates = true,
  queryClient: givenQueryClient,
  liveFeed: givenLiveFeed,
  session: initialSession,
}: {
  children: ReactNode;
  /** Off in component tests, which have no socket server to talk to. */
  liveUpdates?: boolean;
  queryClient?: QueryClient;
  /** What the socket says; a component test passes its own to play pushes and connection changes. */
  liveFeed?: LiveFeed;
  /** Where the session starts (restoring unless said): the browser's from its cookies, a rendered page's from the request's. */
  session?: SessionState;
}) {
  const [app] = useState(() => {
    const session = createAuthSession(initialSession);
    return {
      session,
      api: createApiClient(session),
      queryClient: givenQueryClient ?? createQueryClient(),
      liveRooms: createLiveRooms(),
      liveFeed: givenLiveFeed ?? createLiveFeed(),
    };
  });

  useEffect(() => catchUpOnReconnect(app.liveFeed, app.queryClient), [app]);

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
          <LiveFeedProvider feed={app.liveFeed}>
            <NoticeProvider>
              <ToastProvider>
                <LiveUpdates enabled={liveUpdates} rooms={app.liveRooms} feed={app.liveFeed} />
                <StageNotifications />
                {children}
              </ToastProvider>
            </NoticeProvider>
          </LiveFeedProvider>
        </LiveRoomsProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
