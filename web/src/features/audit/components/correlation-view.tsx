import { useParams } from 'react-router';
import { useCorrelation } from '../api/get-correlation';
import { EventTimeline } from './event-timeline';

/** Every event one request caused, across streams: a like, the threshold it reached, the publication, the catalogue entry. */
export function CorrelationView() {
  const id = useParams().id ?? '';
  const events = useCorrelation(id);
  return (
    <div className="grid gap-4">
      <p className="text-slate-800">
        Every event one request caused, across streams, in the order they were committed. Correlation id{' '}
        <code className="rounded bg-slate-100 px-1.5 py-0.5 text-sm text-slate-900 [overflow-wrap:anywhere]">{id}</code>
      </p>
      <EventTimeline label="Events of this request" query={events} emptyText="No events carry this correlation id." correlation={id} />
    </div>
  );
}
