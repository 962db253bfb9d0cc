import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';

/** The designed "not found" block shown inside the site layout (unknown URLs, news posts, events). */
export function NotFound({ title = 'Page not found', message }: { title?: string; message?: string }) {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-gold-100 text-gold-700">
        <Compass className="size-8" aria-hidden />
      </span>
      <p className="mt-6 text-sm font-semibold uppercase tracking-widest text-gold-600">Error 404</p>
      <h1 className="mt-2 text-4xl font-bold text-navy-900">{title}</h1>
      <p className="mt-4 text-lg text-muted-foreground">{message ?? 'The page you were looking for has moved or never existed. These links may help you find your way.'}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/">Back to Home</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/events">Upcoming Events</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/news">Latest News</Link>
        </Button>
      </div>
    </section>
  );
}
