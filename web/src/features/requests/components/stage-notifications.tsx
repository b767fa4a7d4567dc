import type { LiveMessages } from '@hostel/contracts';
import { useToast } from '@/components/ui/toast';
import { useLiveMessage } from '@/lib/live-updates';

/** What a student is told when the kitchen moves their request on (a recall back to Pending is not news to them). */
export function stageWords({ mealTitle, status }: Pick<LiveMessages['stage'], 'mealTitle' | 'status'>): string | undefined {
  if (status === 'Approved') return `Your ${mealTitle} is being prepared.`;
  if (status === 'Delivered') return `Your ${mealTitle} has been delivered.`;
  return undefined;
}

/** Whether this browser may show notifications and the user allowed them. */
const notificationsAllowed = () => typeof Notification !== 'undefined' && Notification.permission === 'granted';

/**
 * Wherever a student is in the app, their request being approved or delivered is told in a toast, and,
 * while the page is not in front, in a browser notification too if they allowed them (My Requested
 * Meals asks). One per request and
 * stage: the notification's tag is the request, so a later stage replaces an earlier one.
 */
export function StageNotifications() {
  const toast = useToast();
  useLiveMessage('stage', (message) => {
    const words = stageWords(message);
    if (!words) return;
    toast({ title: words, tone: message.status === 'Delivered' ? 'success' : 'info' });
    // The page in front already shows the toast: a notification is for a student looking elsewhere.
    if (notificationsAllowed() && !document.hasFocus()) {
      try {
        new Notification('Hostel Meals', { body: words, tag: `meal-request-${message.id}` });
      } catch {
        // Some mobile browsers allow notifications only from a service worker: the toast has said it.
      }
    }
  });
  return null;
}
