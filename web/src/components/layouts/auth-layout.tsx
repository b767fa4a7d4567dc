import { ChefHat } from 'lucide-react';
import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '@/config/paths';
import { Logo } from './logo';
import { MAIN_ID, SkipLink } from './skip-link';

/** The standalone frame of the sign-in and register screens: what the product is, beside the form. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="grid min-h-screen bg-slate-50 lg:grid-cols-2">
      <SkipLink />
      <section aria-label={`About ${PRODUCT_NAME}`} className="hidden flex-col justify-center gap-6 bg-slate-900 p-12 text-white lg:flex">
        <ChefHat aria-hidden="true" className="size-14 text-orange-300" />
        <p className="text-3xl font-bold">Cook, plan and share meals in sync.</p>
        <p className="max-w-md text-lg text-slate-200">
          {PRODUCT_NAME} is a cooking and meal synchronisation product: the kitchen publishes daily and upcoming menus, and every student sees them, reviews
          them and requests meals in step.
        </p>
      </section>
      <main id={MAIN_ID} tabIndex={-1} className="flex items-center justify-center p-6 outline-none">
        <div className="grid w-full max-w-md gap-6 rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
          <Logo className="justify-self-center" />
          <p className="-mt-3 text-center text-sm text-slate-700 lg:hidden">A cooking and meal synchronisation product for hostels.</p>
          <h1 className="text-center text-2xl font-bold text-slate-900">{title}</h1>
          {children}
        </div>
      </main>
    </div>
  );
}
