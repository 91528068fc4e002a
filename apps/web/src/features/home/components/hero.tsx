import { ArrowRightIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Container } from '@/components/layout/container';
import { Button } from '@/components/ui/button';
import { openNewsletterDialog } from '@/lib/newsletter-dialog-store';

/** Dusk over the vineyard rows, drawn as SVG so the hero costs no image request. */
function ValleyIllustration() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 1440 600"
      preserveAspectRatio="xMidYMax slice"
      className="absolute inset-0 size-full"
    >
      <defs>
        <linearGradient id="hero-sky" x1="0" x2="0" y1="0" y2="1">
          <stop offset="0" stopColor="#142a1a" />
          <stop offset="0.3" stopColor="#1f4029" />
          <stop offset="0.52" stopColor="#4b4a35" />
          <stop offset="0.68" stopColor="#9b6a45" />
          <stop offset="0.8" stopColor="#c98f55" />
        </linearGradient>
        <radialGradient id="hero-sun" cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#f6d98e" />
          <stop offset="0.55" stopColor="#e9c46a" stopOpacity="0.9" />
          <stop offset="1" stopColor="#e9c46a" stopOpacity="0" />
        </radialGradient>
        <pattern
          id="hero-rows"
          width="28"
          height="14"
          patternUnits="userSpaceOnUse"
          patternTransform="skewX(-35)"
        >
          <rect width="28" height="14" fill="#1f3d27" />
          <rect width="5" height="14" fill="#2f5d3a" />
        </pattern>
      </defs>
      <rect width="1440" height="600" fill="url(#hero-sky)" />
      <circle cx="1090" cy="390" r="150" fill="url(#hero-sun)" />
      <path
        d="M0 400 C 200 330 380 360 560 320 S 900 280 1080 340 S 1330 330 1440 300 V600 H0 Z"
        fill="#3d5f45"
      />
      <path
        d="M0 450 C 240 400 420 430 640 390 S 1040 380 1240 420 S 1400 410 1440 400 V600 H0 Z"
        fill="#2c4f35"
      />
      <path d="M0 500 C 300 455 600 480 860 455 S 1260 460 1440 445 V600 H0 Z" fill="url(#hero-rows)" />
      <path d="M0 560 C 320 530 700 545 1000 528 S 1340 530 1440 520 V600 H0 Z" fill="#142a1a" />
    </svg>
  );
}

export function Hero() {
  return (
    <section
      data-surface="dark"
      aria-labelledby="hero-title"
      className="relative isolate h-[600px] overflow-hidden bg-vine-900 text-[#fbf7ef]"
    >
      <ValleyIllustration />
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-gradient-to-r from-vine-950/85 via-vine-950/50 to-transparent"
      />
      <Container className="relative flex h-full flex-col justify-center pb-16">
        <p className="text-sm font-semibold tracking-widest text-[#e9c46a] uppercase">
          Napa Valley, California
        </p>
        <h1
          id="hero-title"
          className="mt-4 max-w-2xl font-serif text-4xl leading-[1.1] font-semibold tracking-tight sm:text-5xl lg:text-6xl"
        >
          Find Your Path in Faith &amp; Nature
        </h1>
        <p className="mt-5 max-w-xl text-lg leading-relaxed text-[#efe6d4]">
          Guided walks through the vineyards and hills of the valley, with time to talk, to pray and to
          breathe. Everyone is welcome, whatever your pace.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Button size="lg" variant="accent" onClick={openNewsletterDialog}>
            Join Our Community
          </Button>
          <Button asChild size="lg" variant="cream">
            <Link to="/events">
              View Events
              <ArrowRightIcon aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </Container>
    </section>
  );
}
