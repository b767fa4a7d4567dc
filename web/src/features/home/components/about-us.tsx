import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth';

/** Who we are, and the way in for a visitor. */
export function AboutUs() {
  const session = useSession();
  return (
    <section aria-labelledby="about-title" className="bg-white">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 md:grid-cols-2">
        <img src="/hero/lunch.svg" alt="" loading="lazy" className="aspect-[4/3] w-full rounded-2xl object-cover shadow-lg" />
        <div className="grid content-start gap-4">
          <h2 id="about-title" className="text-3xl font-bold text-slate-900">
            About Us
          </h2>
          <p className="text-slate-800">
            We cook for hostels and canteens. Students can view daily meals, share reviews and see upcoming menus, while admins manage operations: adding meals,
            serving requests and keeping the menu in step with what people actually want to eat.
          </p>
          <p className="text-slate-800">Every like, review and request reaches the kitchen the moment it is made.</p>
          {session.status === 'signed-in' ? null : (
            <Button asChild size="lg" className="justify-self-start">
              <Link to={paths.signIn}>Join Us</Link>
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}
