import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

type Permission = NotificationPermission | 'unsupported';
const current = (): Permission => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);

/** Asks the browser, when the student chooses, to let us tell them their meal is ready even while they look elsewhere. */
export function NotificationOptIn() {
  const [permission, setPermission] = useState<Permission>(current);
  if (permission === 'unsupported') return null;
  if (permission === 'granted') return <p className="text-sm text-slate-700">Browser notifications are on: we will tell you when your meal is ready.</p>;
  if (permission === 'denied')
    return <p className="text-sm text-slate-700">Browser notifications are blocked for this site; you will still see a message here.</p>;
  const ask = async () => setPermission(await Notification.requestPermission());
  return (
    <Button variant="outline" className="justify-self-start" onClick={() => void ask()}>
      <BellRing aria-hidden="true" />
      Notify me when my meal is ready
    </Button>
  );
}
