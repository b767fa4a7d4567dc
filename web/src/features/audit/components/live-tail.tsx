import { useQueryClient } from '@tanstack/react-query';
import { Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TAIL_KEEP, TAIL_QUERY_KEY, type Tail, useLiveTail } from '../api/follow-tail';
import { EventItem } from './event-item';
import { createAnnouncer } from '@/lib/announcer';
import { eventArrivals, eventInWords, timeInWords } from './event-words';
import { failedAgain, LoadFailed, ReadFailed } from '@/components/ui/read-failed';

/**
 * The live tail: it opens on the newest events of the log, then shows events as they land (each
 * `changed {resource: 'audit'}` push reads on from where the tail stands), newest first, with Pause
 * and Resume. Screen readers hear them through one polite live
 * region, at most once a second, a burst summarised ('3 new events').
 */
export function LiveTail() {
  const queryClient = useQueryClient();
  const [paused, setPaused] = useState(false);
  const tail = useLiveTail({ paused });
  const [openedAt] = useState(() => new Date().toISOString());
  const [announcement, setAnnouncement] = useState('');
  const [announcer] = useState(() => createAnnouncer(setAnnouncement, eventArrivals));
  const announced = useRef<Tail | undefined>(undefined);

  useEffect(() => () => announcer.dispose(), [announcer]);
  useEffect(() => {
    const newest = tail.data?.events[0];
    if (!tail.data || announced.current === tail.data || !newest) return;
    announced.current = tail.data;
    announcer.arrived(tail.data.arrived, eventInWords(newest));
  }, [tail.data, announcer]);

  // A burst bigger than one read: read on at once rather than wait for the next push.
  const { refetch } = tail;
  useEffect(() => {
    if (tail.data?.behind && !paused) void refetch();
  }, [tail.data, paused, refetch]);

  const togglePause = () => {
    // A read under way when pausing is dropped: nothing changes on screen until Resume.
    if (!paused) void queryClient.cancelQueries({ queryKey: TAIL_QUERY_KEY });
    setPaused(!paused);
  };

  const events = tail.data?.events ?? [];
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant={paused ? 'default' : 'outline'} onClick={togglePause}>
          {paused ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
          {paused ? 'Resume' : 'Pause'}
        </Button>
        <p className="text-sm text-slate-800">
          {paused ? 'Paused: new events wait until you resume.' : 'Following: new events appear at the top as they land.'}
        </p>
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <section aria-labelledby="tail-heading" className="grid gap-3">
        <h2 id="tail-heading" className="text-xl font-semibold text-slate-900">
          Latest events
        </h2>
        {/* A read after a push that fails leaves the events on show as they are (a Details opened among them
            still open) and says so; the next push reads on from where the tail stands. */}
        <ReadFailed error={failedAgain(tail)} saying="Could not read the latest events" />
        {tail.isError && !tail.data ? (
          <LoadFailed retry={tail}>{'Failed to follow the log: ' + tail.error.message}</LoadFailed>
        ) : tail.isPending && !paused ? (
          <p className="text-slate-700">Reading the end of the log...</p>
        ) : events.length === 0 ? (
          <p className="text-slate-700">
            The log is empty (<time dateTime={openedAt}>{timeInWords(openedAt)}</time>). Events appear here as they land.
          </p>
        ) : (
          <>
            <ol aria-label="Latest events, newest first" className="grid gap-3">
              {events.map((event) => (
                <EventItem key={event.position} event={event} />
              ))}
            </ol>
            {events.length >= TAIL_KEEP ? (
              <p className="text-sm text-slate-700">{`The newest ${TAIL_KEEP} are shown; search the log for older ones.`}</p>
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}
