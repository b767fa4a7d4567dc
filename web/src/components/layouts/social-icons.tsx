/** Brand marks drawn as simple shapes (our icon set carries no brand logos). */
const icons = {
  Facebook: <path d="M14 8h2.5V4.5H14c-2.5 0-4 1.7-4 4.2V11H7.5v3.5H10V21h3.6v-6.5h2.6l.4-3.5h-3V9c0-.6.4-1 .4-1z" />,
  Instagram: (
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="5" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="17.2" cy="6.8" r="1.2" />
    </>
  ),
  X: <path d="M4 4h4.6l3.8 5.3L16.9 4h2.6l-5.9 6.9L20.3 20h-4.6l-4.1-5.6L6.7 20H4.1l6.3-7.3z" />,
  YouTube: (
    <>
      <rect x="2.5" y="5.5" width="19" height="13" rx="4" />
      <path d="M10 9v6l5.2-3z" fill="#fff" />
    </>
  ),
} as const;

const links = [
  { name: 'Facebook', href: 'https://www.facebook.com/' },
  { name: 'Instagram', href: 'https://www.instagram.com/' },
  { name: 'X', href: 'https://x.com/' },
  { name: 'YouTube', href: 'https://www.youtube.com/' },
] as const;

export function SocialIcons() {
  return (
    <ul className="flex gap-3" aria-label="Social media">
      {links.map(({ name, href }) => (
        <li key={name}>
          <a
            href={href}
            target="_blank"
            rel="noreferrer noopener"
            aria-label={name}
            className="flex size-10 items-center justify-center rounded-full bg-slate-800 text-white hover:bg-orange-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-400"
          >
            <svg viewBox="0 0 24 24" className="size-5" fill="currentColor" aria-hidden="true">
              {icons[name]}
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
