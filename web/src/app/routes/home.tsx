import { HydrateLater } from '@/components/hydrate-later';
import { AboutUs } from '@/features/home/components/about-us';
import { HeroCarousel } from '@/features/home/components/hero-carousel';
import { HowItWorks } from '@/features/home/components/how-it-works';
import { MembershipPlans } from '@/features/home/components/membership-plans';
import { WhyChooseUs } from '@/features/home/components/why-choose-us';
import { CategoryBrowser } from '@/features/meals/components/category-browser';
import { PRODUCT_NAME } from '@/config/paths';

/**
 * SPEC section 2's order: hero, about, why us, the meal categories, one more section, the plans. Below
 * the hero (a phone's whole first screen), each section hydrates after the page, on its own.
 */
export function HomeRoute() {
  return (
    <>
      <title>{PRODUCT_NAME}</title>
      <HeroCarousel />
      <HydrateLater>
        <AboutUs />
      </HydrateLater>
      <HydrateLater>
        <WhyChooseUs />
      </HydrateLater>
      <HydrateLater>
        <CategoryBrowser />
      </HydrateLater>
      <HydrateLater>
        <HowItWorks />
      </HydrateLater>
      <HydrateLater>
        <MembershipPlans />
      </HydrateLater>
    </>
  );
}
