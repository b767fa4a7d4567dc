import type { ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar';

/** The shared frame of My Profile and Admin Profile: photo, name, email, then the page's own details. */
export function ProfileCard({ photo, name, email, children }: { photo: string; name: string; email: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby="profile-name"
      className="mx-auto grid max-w-md justify-items-center gap-3 rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm"
    >
      <Avatar src={photo} alt={`Photo of ${name}`} className="size-28 ring-4 ring-orange-100" />
      <h2 id="profile-name" className="text-2xl font-semibold text-slate-900">
        {name}
      </h2>
      <p className="text-slate-700">{email}</p>
      {children}
    </section>
  );
}
