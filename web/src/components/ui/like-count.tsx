import { Heart } from 'lucide-react';
import { plural } from '@/lib/plural';

/** A like count shown without the action, for who may not like (an auditor). */
export function LikeCount({ likes }: { likes: number }) {
  return (
    <p className="inline-flex items-center gap-2 text-sm font-medium text-slate-800">
      <Heart aria-hidden="true" className="size-4" />
      {plural(likes, 'like')}
    </p>
  );
}
