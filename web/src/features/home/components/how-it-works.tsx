import { Heart, MessageSquare, ShoppingBag } from 'lucide-react';
import { HomeSection } from '@/components/layouts/home-section';

const steps = [
  { title: 'Browse and like', text: 'See today’s meals, like your favourites and vote on upcoming ones.', Icon: Heart },
  { title: 'Review', text: 'Tell the kitchen what worked; reviews show on the meal for everyone.', Icon: MessageSquare },
  { title: 'Request', text: 'Ask for a meal and follow its status until it is served.', Icon: ShoppingBag },
] as const;

/** The section between the categories and the plans: what a student does here, in three steps. */
export function HowItWorks() {
  return (
    <HomeSection id="how-title" title="How It Works" tinted>
      <ol className="grid gap-6 md:grid-cols-3">
        {steps.map(({ title, text, Icon }, index) => (
          <li key={title} className="grid content-start gap-2 rounded-xl bg-white p-6 shadow-sm">
            <Icon aria-hidden="true" className="size-8 text-orange-700" />
            <h3 className="text-lg font-semibold text-slate-900">{`${index + 1}. ${title}`}</h3>
            <p className="text-sm text-slate-700">{text}</p>
          </li>
        ))}
      </ol>
    </HomeSection>
  );
}
