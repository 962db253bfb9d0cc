import { Pause, Play } from 'lucide-react';
import { useRef, useState } from 'react';
import { PageHero } from '~/components/layout/page-hero';
import { Button } from '~/components/ui/button';
import { messages } from '~/lib/messages';
import { pageMeta } from '~/lib/meta';
import { useSiteSettings } from '~/lib/site-settings';
import { toast } from '~/lib/toast';
import type { Route } from './+types/school-anthem';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'School Anthem', 'The words of our school anthem.');

// Placeholder words (docs/product.md#decisions-we-build-on): written for this site, not the school's official anthem; admins replace them.
const verses = [
  ['Beside the waters, blue and wide,', 'Our school stands tall with open door;', 'We gather here in hope and pride,', 'To learn, to serve, to strive for more.'],
  ['Through morning light and evening bell,', 'Our teachers guide us on our way;', 'In every lesson learned so well,', 'We find the strength to face the day.'],
  ['Though far across the seas we roam,', 'To distant lands and cities new,', 'Our hearts still turn towards our home,', 'And to the friends we always knew.'],
] as const;

const chorus = ['So raise the gold, so raise the blue,', 'Let every voice in chorus ring;', 'To God, our school and comrades true,', 'With thankful hearts we ever sing.'] as const;

export default function SchoolAnthem() {
  const settings = useSiteSettings();
  const audioUrl = settings?.anthemAudioUrl;
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
        Sung at every assembly, prize-giving and reunion, in the school and wherever past pupils meet.
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

        <div className="mt-12 space-y-10 font-display text-xl leading-relaxed text-navy-900">
          {verses.map((verse, index) => (
            <div key={verse[0]} className="space-y-10">
              <p>
                {verse.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </p>
              {index === 0 || index === verses.length - 1 ? (
                <p className="rounded-xl bg-gold-50 px-6 py-5 italic text-gold-700">
                  <span className="mb-2 block font-sans text-xs font-semibold uppercase not-italic tracking-widest">Chorus</span>
                  {chorus.map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </p>
              ) : null}
            </div>
          ))}
        </div>
        <p className="mt-12 text-sm text-muted-foreground">
          These words are sample text for this website. The committee will replace them with the school’s official anthem.
        </p>
      </section>
    </>
  );
}
