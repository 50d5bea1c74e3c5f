// The survey form's answers on their way to the server: each answer shows at once (optimistic)
// and is saved by itself, one call at a time per question (the newest value wins); its state is
// "saving", "saved" or "not saved". A failed save is tried again after a back-off, and again when
// the browser is back online; an answer not saved stays listed and in sessionStorage
// (`unsaved-answers.ts`) until it is, so none is lost silently.
import type { BuildingSurvey, SurveyAnswerBody } from '@flowsight/domain/survey';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, errorMessages } from '@/lib/api-error';
import { saveSurveyAnswer } from '../api/save-survey-answer';
import { keepSurvey } from '../api/survey-keys';
import { retryDelay } from '../utils/save-retry';
import { answerKey, readUnsavedAnswers, writeUnsavedAnswers } from '../utils/unsaved-answers';

export type AnswerSaveState = 'saving' | 'saved' | 'failed';

export type QueuedAnswer = {
  readonly key: string;
  readonly body: SurveyAnswerBody;
  readonly state: AnswerSaveState;
  /** Why it is not saved: the server's refusal, or null for a connection failure. */
  readonly refusal: string | null;
};

type Sending = { version: number; attempt: number };

export type AnswerQueue = {
  /** Every answer given on this page (and the restored unsaved ones), by key. */
  readonly answers: ReadonlyMap<string, QueuedAnswer>;
  /** The answers not saved yet (saving or failed). */
  readonly unsaved: readonly QueuedAnswer[];
  readonly give: (body: SurveyAnswerBody) => void;
  readonly retry: (key: string) => void;
  readonly retryFailed: () => void;
};

export function useAnswerQueue(buildingId: number): AnswerQueue {
  const queryClient = useQueryClient();
  const [answers, setAnswers] = useState<ReadonlyMap<string, QueuedAnswer>>(() => new Map());
  // The newest version of each answer, what is on the wire, and the pending retry timers.
  const latest = useRef(new Map<string, { body: SurveyAnswerBody; version: number }>());
  const inFlight = useRef(new Map<string, Sending>());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const mounted = useRef(true);

  const update = useCallback((key: string, change: Partial<QueuedAnswer>) => {
    setAnswers((current) => {
      const entry = current.get(key);
      if (!entry) return current;
      const next = new Map(current);
      next.set(key, { ...entry, ...change });
      return next;
    });
  }, []);

  const send = useCallback(
    (key: string, attempt: number) => {
      const wanted = latest.current.get(key);
      if (!wanted || inFlight.current.has(key)) return;
      inFlight.current.set(key, { version: wanted.version, attempt });
      update(key, { state: 'saving', refusal: null });
      saveSurveyAnswer(buildingId, wanted.body).then(
        (survey: BuildingSurvey) => {
          inFlight.current.delete(key);
          if (!mounted.current) return;
          keepSurvey(queryClient, survey);
          if (latest.current.get(key)?.version !== wanted.version) {
            send(key, 1);
            return;
          }
          latest.current.delete(key);
          update(key, { state: 'saved' });
        },
        (error: unknown) => {
          inFlight.current.delete(key);
          if (!mounted.current) return;
          if (latest.current.get(key)?.version !== wanted.version) {
            send(key, 1);
            return;
          }
          const delay = retryDelay(attempt, error);
          if (delay === null) {
            update(key, { state: 'failed', refusal: refusalOf(error) });
            return;
          }
          timers.current.set(
            key,
            setTimeout(() => {
              timers.current.delete(key);
              send(key, attempt + 1);
            }, delay),
          );
        },
      );
    },
    [buildingId, queryClient, update],
  );

  const enqueue = useCallback(
    (body: SurveyAnswerBody) => {
      const key = answerKey(body);
      const version = (latest.current.get(key)?.version ?? 0) + 1;
      latest.current.set(key, { body, version });
      const timer = timers.current.get(key);
      if (timer !== undefined) {
        clearTimeout(timer);
        timers.current.delete(key);
      }
      setAnswers((current) =>
        new Map(current).set(key, { key, body, state: 'saving', refusal: null }),
      );
      send(key, 1);
    },
    [send],
  );

  const retry = useCallback(
    (key: string) => {
      const entry = latest.current.get(key);
      if (entry) enqueue(entry.body);
    },
    [enqueue],
  );

  const retryFailed = useCallback(() => {
    for (const [key] of latest.current) {
      if (!inFlight.current.has(key) && !timers.current.has(key)) retry(key);
    }
  }, [retry]);

  // The answers a previous page left unsaved are sent again; timers end with the page.
  useEffect(() => {
    mounted.current = true;
    for (const body of readUnsavedAnswers(buildingId)) enqueue(body);
    const pending = timers.current;
    return () => {
      mounted.current = false;
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, [buildingId, enqueue]);

  // Back online: what failed is tried again at once.
  useEffect(() => {
    window.addEventListener('online', retryFailed);
    return () => window.removeEventListener('online', retryFailed);
  }, [retryFailed]);

  const unsaved = useMemo(
    () => [...answers.values()].filter((answer) => answer.state !== 'saved'),
    [answers],
  );

  // Whatever is not saved is kept until it is; before any answer is given or restored here the
  // stored ones are left alone (the restoring effect is reading them).
  useEffect(() => {
    if (answers.size === 0) return;
    writeUnsavedAnswers(
      buildingId,
      unsaved.map((answer) => answer.body),
    );
  }, [buildingId, answers, unsaved]);

  return { answers, unsaved, give: enqueue, retry, retryFailed };
}

/** A refusal's text (a 4xx the server worded); a connection or server failure has none. */
function refusalOf(error: unknown): string | null {
  return error instanceof ApiError && error.status < 500 ? errorMessages(error).join(' ') : null;
}
