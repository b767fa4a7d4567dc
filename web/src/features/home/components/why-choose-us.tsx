import { ChefHat, Leaf, Smile, Sparkles } from 'lucide-react';
import { HomeSection } from '@/components/layouts/home-section';

const reasons = [
  { title: 'Local Ingredients', text: 'Vegetables, grains and dairy from farms near the hostel, bought fresh every morning.', Icon: Leaf },
  { title: 'Haute Cuisine', text: 'Restaurant techniques on a student budget: balanced, seasonal and full of flavour.', Icon: Sparkles },
  { title: 'Passionate Chefs', text: 'Cooks who read every review and adjust the menu to what you tell them.', Icon: ChefHat },
  { title: 'Happy Clients', text: 'Thousands of meals served each week, and the likes to prove it.', Icon: Smile },
] as const;

export function WhyChooseUs() {
  return (
    <HomeSection id="why-title" title="Why Choose Us?">
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {reasons.map(({ title, text, Icon }) => (
          <li key={title} className="grid content-start justify-items-center gap-3 rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
            <Icon aria-hidden="true" className="size-10 text-orange-700" />
            <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
            <p className="text-sm text-slate-700">{text}</p>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
