import { Pause, Play } from 'lucide-react';
import { useRef, useState } from 'react';
import { PageHero } from '~/components/layout/page-hero';
import { Button } from '~/components/ui/button';
import { getAnthemPage } from '~/features/content/pages.server';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import { toast } from '~/lib/toast';
import type { PageHandle } from '~/lib/page-policy';
import type { Route } from './+types/school-anthem';

export async function loader() {
  return getAnthemPage();
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'School Anthem', 'The words of our school anthem.');

// The same for every anonymous visitor (docs/architecture/pages.md#page-policy).
export const handle: PageHandle = { cache: 'public', scripts: 'at-once' };

export default function SchoolAnthem({ loaderData }: Route.ComponentProps) {
  const { intro, verses, chorus, note, audioUrl } = loaderData;
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);

  const listen = () => {
    if (!audioUrl || !audio.current) {
      toast(messages.audioNotAvailable);
      return;
    }
    if (audio.current.paused) {
      audio.current.play().catch(() => toast(messages.audioNotAvailable));
    } else {
      audio.current.pause();
    }
  };

  return (
    <>
      <PageHero eyebrow="Our Heritage" title="School Anthem">
        {intro}
      </PageHero>
      <section className="mx-auto max-w-3xl px-4 py-14 text-center sm:px-6 lg:px-8">
        <Button size="lg" onClick={listen} aria-pressed={audioUrl ? playing : undefined}>
          {playing ? <Pause aria-hidden /> : <Play aria-hidden />}
          {playing ? 'Pause' : 'Listen'}
        </Button>
        {audioUrl ? (
          <audio
            ref={audio}
            src={audioUrl}
            preload="none"
            onPlay={() => setPlaying(true)}
            onPause={() => setPlaying(false)}
            onEnded={() => setPlaying(false)}
            onError={() => {
              setPlaying(false);
              toast(messages.audioNotAvailable);
            }}
          />
        ) : null}
        {audioUrl ? (
          <p className="mt-3 text-sm text-muted-foreground">
            Or{' '}
            <a href={audioUrl} className="font-semibold text-navy-700 underline underline-offset-2">
              open the recording
            </a>{' '}
            in your player.
          </p>
        ) : null}

        <div className="mt-12 space-y-10 font-display text-xl leading-relaxed text-navy-900">
          {verses.map((verse, index) => (
            <div key={index} className="space-y-10">
              <p>
                {verse.map((line, lineIndex) => (
                  <span key={lineIndex} className="block">
                    {line}
                  </span>
                ))}
              </p>
              {chorus.length > 0 && (index === 0 || index === verses.length - 1) ? (
                <p className="rounded-xl bg-gold-50 px-6 py-5 italic text-gold-700">
                  <span className="mb-2 block font-sans text-xs font-semibold uppercase not-italic tracking-widest">Chorus</span>
                  {chorus.map((line, lineIndex) => (
                    <span key={lineIndex} className="block">
                      {line}
                    </span>
                  ))}
                </p>
              ) : null}
            </div>
          ))}
        </div>
        {note ? <p className="mt-12 text-sm text-muted-foreground">{note}</p> : null}
      </section>
    </>
  );
}
