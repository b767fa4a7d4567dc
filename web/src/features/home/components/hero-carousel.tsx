import { Pause, Play } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { SearchInput } from '@/components/ui/search-input';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion';
import { useTypewriter } from './use-typewriter';

/** SPEC section 9: 5 s a slide, 3 slides, no arrows, and hovering does not pause it. */
const SLIDE_MS = 5000;
const slides = [
  { title: 'Fresh meals, every single day', subtitle: 'Students can view daily meals, share reviews and see upcoming menus.', image: '/hero/breakfast.svg' },
  { title: 'Vote for what we cook next', subtitle: 'Members like upcoming meals, and the favourites join the menu.', image: '/hero/lunch.svg' },
  { title: 'A canteen that runs itself', subtitle: 'Admins manage operations: meals, requests, reviews and members in one place.', image: '/hero/dinner.svg' },
] as const;

function HeroSearch() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const search = text.trim();
    void navigate(search ? `${paths.allMeals}?${new URLSearchParams({ search })}` : paths.allMeals);
  };
  return (
    <form role="search" onSubmit={onSubmit} className="grid w-full max-w-xl gap-2 sm:flex">
      <label htmlFor="hero-search" className="sr-only">
        Search meals
      </label>
      <SearchInput
        id="hero-search"
        placeholder="Search for any product..."
        className="h-12 text-base"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" size="lg" className="h-12">
        Search
      </Button>
    </form>
  );
}

/** The slide's title as typed so far: a component of its own, so each letter re-renders this text alone, not the hero. */
function TypedTitle({ title, playing }: { title: string; playing: boolean }) {
  return useTypewriter(title, playing);
}

/**
 * The hero: three slides that advance every 5 s with a typed title, and a meal search. A visible
 * pause / play control stops the motion (WCAG 2.2.2), and it never starts moving on its own for someone
 * who prefers reduced motion.
 */
export function HeroCarousel() {
  const reducedMotion = usePrefersReducedMotion();
  const [active, setActive] = useState(0);
  // Until the reader chooses, it plays unless they prefer reduced motion; Play still starts it then.
  const [chosenPaused, setChosenPaused] = useState<boolean | null>(null);
  const playing = !(chosenPaused ?? reducedMotion);
  const slide = slides[active] ?? slides[0];

  useEffect(() => {
    if (!playing) return;
    const timer = setTimeout(() => setActive((current) => (current + 1) % slides.length), SLIDE_MS);
    return () => clearTimeout(timer);
  }, [playing, active]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Highlights"
      className="relative isolate flex h-[80vh] min-h-[28rem] items-center overflow-hidden bg-slate-900"
    >
      {slides.map((each, index) => (
        <img
          key={each.image}
          src={each.image}
          alt=""
          // The first picture is the page's largest paint; the others wait their turn.
          fetchPriority={index === 0 ? 'high' : 'low'}
          className={cn(
            'absolute inset-0 -z-20 size-full object-cover transition-opacity duration-700 motion-reduce:transition-none',
            index === active ? 'opacity-100' : 'opacity-0',
          )}
        />
      ))}
      {/* On a phone the text spans the picture's whole width: the shade does too, for 4.5:1 and better. */}
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-slate-950/80 md:bg-transparent md:bg-gradient-to-r md:from-slate-950/85 md:via-slate-950/60 md:to-slate-950/10"
      />
      <div className="mx-auto grid w-full max-w-6xl gap-6 px-4">
        <h1 className="sr-only">Hostel Meals</h1>
        {/* Announced only when the reader is in control, never on every automatic turn. */}
        <div
          role="group"
          aria-live={playing ? 'off' : 'polite'}
          aria-atomic="true"
          aria-roledescription="slide"
          aria-label={`${active + 1} of ${slides.length}`}
          className="grid max-w-2xl gap-4"
        >
          <h2 className="min-h-[2.5em] text-4xl font-bold tracking-tight text-white md:text-6xl">
            <span className="sr-only">{slide.title}</span>
            <span aria-hidden="true">
              <TypedTitle title={slide.title} playing={playing} />
              <span className="ml-1 inline-block w-1 animate-pulse bg-orange-400 motion-reduce:hidden">&nbsp;</span>
            </span>
          </h2>
          <p className="text-lg text-slate-100 md:text-xl">{slide.subtitle}</p>
        </div>
        <HeroSearch />
        <div className="flex items-center gap-3">
          <Button variant="outline" size="sm" onClick={() => setChosenPaused(playing)} aria-label={playing ? 'Pause slideshow' : 'Play slideshow'}>
            {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
            {playing ? 'Pause' : 'Play'}
          </Button>
          {/* Each dot is drawn 12 px but answers a 24×24 px target, 8 px apart (WCAG 2.2 target size). */}
          <div role="group" aria-label="Choose a slide" className="flex gap-2">
            {slides.map((each, index) => (
              <button
                key={each.image}
                type="button"
                aria-label={`Slide ${index + 1}: ${each.title}`}
                aria-current={index === active ? 'true' : undefined}
                onClick={() => setActive(index)}
                className="grid size-6 place-items-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-white"
              >
                <span aria-hidden="true" className={cn('size-3 rounded-full border-2 border-white', index === active ? 'bg-white' : 'bg-transparent')} />
              </button>
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}
