import { useSession } from './auth';

/**
 * Who a read is for, when its answer depends on the caller (`likedByMe`, `likedUsers`): part of the
 * query key, so each viewer's answer is cached apart and a sign-in (or a session restored after the
 * page opened) reads again instead of showing a visitor's answer to a member.
 */
export interface Viewer {
  /** The signed-in user's id, or null for a visitor. */
  viewer: string | null;
}

/**
 * The viewer of reads that depend on who is signed in, and whether they may run yet: not while the
 * session is still being restored (a reload, a link), or the first read would go out as a visitor's.
 */
export function useViewer(): { key: Viewer; ready: boolean } {
  const session = useSession();
  return { key: { viewer: session.status === 'signed-in' ? session.user._id : null }, ready: session.status !== 'restoring' };
}
