import { AboutUs } from '@/features/home/components/about-us';
import { HeroCarousel } from '@/features/home/components/hero-carousel';
import { HowItWorks } from '@/features/home/components/how-it-works';
import { MembershipPlans } from '@/features/home/components/membership-plans';
import { WhyChooseUs } from '@/features/home/components/why-choose-us';
import { CategoryBrowser } from '@/features/meals/components/category-browser';
import { PRODUCT_NAME } from '@/config/paths';
import { DocumentTitle } from '@/components/document-title';

/** SPEC section 2's order: hero, about, why us, the meal categories, one more section, the plans. */
export function HomeRoute() {
  return (
    <>
      <DocumentTitle>{PRODUCT_NAME}</DocumentTitle>
      <HeroCarousel />
      <AboutUs />
      <WhyChooseUs />
      <CategoryBrowser />
      <HowItWorks />
      <MembershipPlans />
    </>
  );
}
