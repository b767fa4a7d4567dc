import { UserRound } from 'lucide-react';
import { Avatar as AvatarPrimitive } from 'radix-ui';
import { cn } from '@/lib/cn';

/** A round photo that falls back to a generic person when there is no photo or it fails to load. */
export function Avatar({ src, alt, className }: { src?: string | null | undefined; alt: string; className?: string }) {
  return (
    <AvatarPrimitive.Root className={cn('relative flex size-10 shrink-0 overflow-hidden rounded-full bg-slate-200', className)}>
      {src ? <AvatarPrimitive.Image src={src} alt={alt} className="aspect-square size-full object-cover" /> : null}
      <AvatarPrimitive.Fallback className="flex size-full items-center justify-center text-slate-600">
        <UserRound aria-hidden="true" className="size-3/5" />
        {alt ? <span className="sr-only">{alt}</span> : null}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
