import { describe, expect, it } from 'vitest';
import { publishing, type NewsIntent } from './news-publishing';

const now = new Date('2026-11-22T15:00:00Z');
const earlier = new Date('2026-11-01T12:00:00Z');
const later = new Date('2026-12-01T12:00:00Z');
const draft = { status: 'draft' as const, publishedAt: earlier };
const live = { status: 'published' as const, publishedAt: earlier };
const scheduled = { status: 'published' as const, publishedAt: later };

const run = (intent: NewsIntent, before: typeof draft | typeof live | null, publishAt: Date | null) => publishing(intent, before, publishAt, now);

describe('publishing a story', () => {
  it('publishes a draft now, or at a later date (scheduled)', () => {
    expect(run('publish', null, null)).toEqual({ status: 'published', publishedAt: now, outcome: 'published' });
    expect(run('publish', draft, later)).toEqual({ status: 'published', publishedAt: later, outcome: 'scheduled' });
    expect(run('save', draft, null)).toEqual({ status: 'draft', publishedAt: now, outcome: 'saved' });
    expect(run('save', draft, later)).toEqual({ status: 'draft', publishedAt: later, outcome: 'saved' });
  });

  it('keeps a published story’s date when the field is empty; a later date takes it off until then', () => {
    expect(run('save', live, null)).toEqual({ status: 'published', publishedAt: earlier, outcome: 'saved' });
    expect(run('save', live, later)).toEqual({ status: 'published', publishedAt: later, outcome: 'scheduled' });
    expect(run('unpublish', live, earlier)).toEqual({ status: 'draft', publishedAt: earlier, outcome: 'unpublished' });
  });

  it('unschedules a scheduled story whose date is cleared: a draft again, dated now', () => {
    expect(run('save', scheduled, null)).toEqual({ status: 'draft', publishedAt: now, outcome: 'unscheduled' });
    // Its date kept or moved, it stays scheduled; a date that has come puts it on the site.
    expect(run('save', scheduled, later)).toEqual({ status: 'published', publishedAt: later, outcome: 'scheduled' });
    expect(run('save', scheduled, earlier)).toEqual({ status: 'published', publishedAt: earlier, outcome: 'published' });
    expect(run('unpublish', scheduled, later).outcome).toBe('unpublished');
  });

  it('publishes now on "Publish now", whatever date the form still carries', () => {
    expect(run('publish-now', scheduled, later)).toEqual({ status: 'published', publishedAt: now, outcome: 'published' });
    expect(run('publish-now', draft, null)).toEqual({ status: 'published', publishedAt: now, outcome: 'published' });
  });
});
