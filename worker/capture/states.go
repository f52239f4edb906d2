package capture

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/css"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// Interaction states (docs/conversion.md "States as variants"): the elements a page styles under
// :hover, :focus or :focus-visible are put in each state through DevTools
// (CSS.forcePseudoState, one element at a time) and what changes in their computed styles and
// boxes, and in those of the elements inside them, is recorded as the document's "states".

const (
	// MaxStateRules bounds the style rules looked through for a state selector (in document
	// order, nested ones counted): a rule past it is not seen.
	MaxStateRules = 5000
	// MaxStateElements bounds the elements put in their states, the first in document order;
	// those past it are left out with a STATES_LIMITED warning.
	MaxStateElements = 200
	// MaxStateSubtree bounds the recorded elements (the element itself included) read under
	// an element's state: an element holding more (a page-wide container styled on :hover) is
	// not put in its states.
	MaxStateSubtree = 200
	// statesTimeout bounds the whole states read of a page; past it the elements not yet read
	// are left out (a STATES_LIMITED warning). An element costs two DevTools round trips and
	// each of its states three more (~1 ms each on an idle machine), so MaxStateElements in
	// both states take a few seconds at most there.
	statesTimeout = 20 * time.Second
)

// Forced states: the pseudo-classes forced for each state of the record.
var statePseudoClasses = map[string][]string{
	"hover": {"hover"},
	"focus": {"focus", "focus-visible"},
}

//go:embed states.js
var statesJS string

// statesObjectGroup is the DevTools object group of the states read's element handles.
const statesObjectGroup = "c2d-states"

// statesRead is what readStates did: Elements put in their states (at most MaxStateElements),
// Over elements left out past MaxStateElements or statesTimeout.
type statesRead struct {
	Elements, Over int
}

// readStates records the page's interaction states: for each element states.js finds (at most
// MaxStateElements), each of its states is forced and what changed is added to doc as
// "states", a list of {element, state, changes} (states.js changes). A page without state rules
// is asked nothing more and doc comes back unchanged. It runs after the screenshot, so nothing
// else is taken with a state forced, and every forced state is cleared again. States that
// cannot be read leave doc as it was (as do those that would take the document past
// MaxDocumentBytes): they are an addition, never a reason to fail the capture.
func readStates(ctx context.Context, doc json.RawMessage) (json.RawMessage, statesRead, error) {
	var read statesRead
	found, err := evaluate[struct {
		States [][]string `json:"states"`
		Over   int        `json:"over"`
	}](ctx, factTimeout, "look for state rules", fmt.Sprintf("window.__c2dStates.find(%d, %d, %d)", MaxStateRules, MaxStateElements, MaxStateSubtree))
	if err != nil || len(found.States) == 0 {
		return doc, read, err
	}
	read.Over = found.Over
	records := []json.RawMessage{}
	size := len(doc)
	err = within(ctx, statesTimeout, "read the states", func(ctx context.Context) error {
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool]("window.__c2dStates.freeze()")); err != nil {
			return err
		}
		defer func() {
			_, _ = chromedp.Run(context.WithoutCancel(ctx), chromedp.Evaluate[bool]("window.__c2dStates.thaw()"))
		}()
		return chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			if _, err := cdp.Call(ctx, tg, dom.Enable, dom.EnableParams{}); err != nil {
				return fmt.Errorf("enable DOM: %w", err)
			}
			if _, err := cdp.Call(ctx, tg, dom.GetDocument, dom.GetDocumentParams{}); err != nil {
				return fmt.Errorf("get document: %w", err)
			}
			if _, err := cdp.Call(ctx, tg, css.Enable, cdp.Empty{}); err != nil {
				return fmt.Errorf("enable CSS: %w", err)
			}
			ids, _, release, err := listHandles(ctx, tg, "window.__c2dStates.subjects", statesObjectGroup, "state subjects")
			if err != nil {
				return err
			}
			defer release()
			for k, states := range found.States {
				if ctx.Err() != nil {
					read.Over += len(found.States) - k
					return nil
				}
				obj, ok := ids[k]
				if !ok {
					continue
				}
				node, err := cdp.Call(ctx, tg, dom.RequestNode, dom.RequestNodeParams{ObjectID: obj})
				if err != nil || node.NodeID == 0 {
					continue
				}
				read.Elements++
				if _, err := evalIn(ctx, tg, fmt.Sprintf("window.__c2dStates.before(%d)", k)); err != nil {
					continue
				}
				for _, state := range states {
					rec, err := forcedChanges(ctx, tg, node.NodeID, k, state)
					if err != nil || rec == "" {
						continue
					}
					if size+len(rec)+1 > MaxDocumentBytes {
						return fmt.Errorf("the states take the document past %d MiB", MaxDocumentBytes>>20)
					}
					size += len(rec) + 1
					records = append(records, json.RawMessage(rec))
				}
			}
			return nil
		}))
	})
	if err != nil {
		return doc, read, fmt.Errorf("read the states: %w", err)
	}
	if len(records) == 0 {
		return doc, read, nil
	}
	out, err := withMember(doc, "states", records)
	if err != nil {
		return doc, read, err
	}
	return out, read, nil
}

// forcedChanges forces state on the node of subject k, reads what changed (states.js changes:
// a JSON record, "" for nothing) and clears the forced state again, whatever the read did.
func forcedChanges(ctx context.Context, tg *chromedp.Target, node cdp.NodeID, k int, state string) (string, error) {
	if _, err := cdp.Call(ctx, tg, css.ForcePseudoState, css.ForcePseudoStateParams{NodeID: node, ForcedPseudoClasses: statePseudoClasses[state]}); err != nil {
		return "", err
	}
	defer func() {
		_, _ = cdp.Call(context.WithoutCancel(ctx), tg, css.ForcePseudoState, css.ForcePseudoStateParams{NodeID: node, ForcedPseudoClasses: []string{}})
	}()
	return evalIn(ctx, tg, fmt.Sprintf("window.__c2dStates.changes(%d, %q)", k, state))
}

// evalIn evaluates expr, whose value is a string or a boolean, in the tab of tg and returns a
// string's value ("" for a boolean); a thrown exception is an error.
func evalIn(ctx context.Context, tg *chromedp.Target, expr string) (string, error) {
	res, err := cdp.Call(ctx, tg, runtime.Evaluate, runtime.EvaluateParams{Expression: expr, ReturnByValue: ptr(true)})
	if err != nil {
		return "", err
	}
	if res.ExceptionDetails != nil {
		return "", fmt.Errorf("%s: %s", expr, res.ExceptionDetails.Text)
	}
	if res.Result == nil || res.Result.Type != runtime.RemoteObjectTypeString {
		return "", nil
	}
	var s string
	if err := json.Unmarshal([]byte(res.Result.Value), &s); err != nil {
		return "", err
	}
	return s, nil
}
