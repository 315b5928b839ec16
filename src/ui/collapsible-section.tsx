import { Suspense, useId, useState, type ReactNode, type Ref } from 'react';
import { ChevronIcon } from './icons';
import { Skeleton } from './skeleton';
import './collapsible-section.css';

export interface CollapsibleSectionProps {
  /** The heading's words. */
  title: ReactNode;
  /** A line beside the title that stays visible while the section is closed. */
  summary?: ReactNode;
  /** An icon before the title. */
  icon?: ReactNode;
  /** The spoken name of the placeholder shown while the panel's chunk loads. */
  loadingLabel: string;
  /** The heights of the placeholder's skeleton blocks. */
  skeletons: string[];
  /** The panel: rendered only once the section is open (a lazy component suspends here). */
  children: ReactNode;
  sectionRef?: Ref<HTMLElement>;
  testId?: string;
}

/**
 * A card of the page whose heading is a toggle: closed at first, its panel is rendered (and a lazy
 * panel fetched) only when the member opens it.
 */
export function CollapsibleSection({
  title,
  summary,
  icon,
  loadingLabel,
  skeletons,
  children,
  sectionRef,
  testId,
}: CollapsibleSectionProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <section ref={sectionRef} className="ui-collapsible" aria-labelledby={`${id}-title`} data-testid={testId}>
      <h2 id={`${id}-title`} className="ui-collapsible__heading">
        <button
          type="button"
          className="ui-collapsible__toggle"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => setOpen((value) => !value)}
        >
          {icon}
          <span className="ui-collapsible__label">
            {summary === undefined ? title : <span>{title}</span>}
            {summary}
          </span>
          <span className="ui-collapsible__chevron" data-open={open || undefined}>
            <ChevronIcon />
          </span>
        </button>
      </h2>
      <div id={`${id}-panel`} hidden={!open}>
        {open ? (
          <Suspense
            fallback={
              <div className="ui-collapsible__loading" role="status" aria-label={loadingLabel}>
                {skeletons.map((height, index) => (
                  <Skeleton key={index} height={height} />
                ))}
              </div>
            }
          >
            {children}
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}
