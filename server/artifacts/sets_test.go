package artifacts

import (
	"fmt"
	"strings"
	"testing"
)

func TestSetRules(t *testing.T) {
	t.Parallel()
	const name = `,"componentName":"Card"`
	variant := func(of, value string) string {
		return fmt.Sprintf(`,"componentName":"Card 2","variantOf":%q,"variantProperties":{"Variant":%q}`, of, value)
	}
	// A featured card of another corner radius is the variant of component C:2 of the cards.
	featured := func(id string, x int, extra string) string {
		return use(id, x, "C:2", `,"cornerRadius":8`+extra, "", "Pro")
	}
	cards := func(mid string) string {
		return componentTree(use("a", 0, "C:1", name, "", "Alpha"), mid, use("c", 220, "C:1", "", "", "Gamma"))
	}
	var many []string
	for i := range MaxSetVariants {
		extra := name
		if i > 0 {
			extra = fmt.Sprintf(`,"componentName":"Card","variantOf":"C:1","variantProperties":{"Variant":"V%d"},"cornerRadius":%d`, i, i)
		}
		many = append(many, use(fmt.Sprintf("k%d", i), 110*i, fmt.Sprintf("C:%d", i+1), extra, "", "Alpha"))
	}
	tooMany := append(append([]string{}, many...), use("kx", 2000, "C:99", `,"componentName":"Card","variantOf":"C:1","variantProperties":{"Variant":"Vx"},"cornerRadius":99`, "", "Alpha"))
	cases := []treeCase{
		{"OKVariant", cards(featured("b", 110, variant("C:1", "Featured"))), ""},
		// Before its set's Default in document order too.
		{"OKVariantFirst", componentTree(featured("b", 0, variant("C:1", "Featured")), use("a", 110, "C:1", name, "", "Alpha"), use("c", 220, "C:1", "", "", "Gamma")), ""},
		{"OKMaxSetVariants", componentTree(many...), ""},
		{"ErrPastMaxSetVariants", componentTree(tooMany...), fmt.Sprintf(`component "C:1" has more than %d variants`, MaxSetVariants)},
		{"OKValueAtMaxLength", cards(featured("b", 110, variant("C:1", strings.Repeat("é", MaxVariantValueLength)))), ""},
		{"ErrValuePastMaxLength", cards(featured("b", 110, variant("C:1", strings.Repeat("é", MaxVariantValueLength+1)))), fmt.Sprintf("a Variant value must have 1 to %d characters", MaxVariantValueLength)},
		{"ErrValueWithComma", cards(featured("b", 110, variant("C:1", "Plans, prices"))), `a Variant value holds "," or "="`},
		{"ErrValueWithEquals", cards(featured("b", 110, variant("C:1", "a=b"))), `a Variant value holds "," or "="`},
		{"ErrValueDefault", cards(featured("b", 110, variant("C:1", "Default"))), `names its set's Default component`},
		{"ErrUnknownProperty", cards(featured("b", 110, `,"componentName":"P","variantOf":"C:1","variantProperties":{"State":"Hover"}`)), `unknown property "State"`},
		{"ErrNoProperties", cards(featured("b", 110, `,"componentName":"P","variantOf":"C:1"`)), "one of variantOf and variantProperties without the other"},
		{"ErrPropertiesWithoutVariantOf", cards(featured("b", 110, `,"componentName":"P","variantProperties":{"Variant":"Pro"}`)), "one of variantOf and variantProperties without the other"},
		{"ErrNotFirstUse", componentTree(use("a", 0, "C:1", name, "", "Alpha"), featured("b", 110, variant("C:1", "Featured")),
			featured("d", 330, `,"variantOf":"C:1","variantProperties":{"Variant":"Pro"}`)), `node "d" has variantOf but is not the first use of a component`},
		{"ErrVariantOfItself", cards(featured("b", 110, variant("C:2", "Featured"))), `component "C:2" is a variant of itself`},
		{"ErrUnknownDefault", cards(featured("b", 110, variant("C:7", "Featured"))), `node "b" is a variant of component "C:7", which no node uses`},
		{"ErrChain", componentTree(use("a", 0, "C:1", name, "", "Alpha"), featured("b", 110, variant("C:1", "Featured")),
			use("d", 330, "C:3", `,"componentName":"X","variantOf":"C:2","variantProperties":{"Variant":"X"},"cornerRadius":3`, "", "X")), `which is itself a variant of "C:1"`},
		{"ErrSameValueTwice", componentTree(use("a", 0, "C:1", name, "", "Alpha"), featured("b", 110, variant("C:1", "Featured")),
			use("d", 330, "C:3", `,"componentName":"X","variantOf":"C:1","variantProperties":{"Variant":"Featured"},"cornerRadius":3`, "", "X")), `two variants of component "C:1" have Variant "Featured"`},
		{"ErrWithStates", cards(featured("b", 110, variant("C:1", "Featured")+`,"componentVariants":[{"variantProperties":{"State":"Hover"},"overrides":[{"id":"b","opacity":0.5}]}]`)), "has variantOf and componentVariants"},
		// Each component's uses are still checked against its own first use.
		{"ErrVariantUseDiffers", cards(featured("b", 110, variant("C:1", "Featured")) + "," + use("d", 330, "C:2", "", "", "Team")), `node "d" is a use of component "C:2" but differs from its first use "b"`},
		// A variant holding a use of its own set's Default (a menu's item with a submenu of items).
		{"ErrVariantHoldsItsSet", cards(outer("b", "C:2", variant("C:1", "Featured"), use("n", 0, "C:1", "", "", "Beta"))),
			`node "b" is a use of component "C:2" but holds a use of "C:1", of the same component set`},
		{"OKVariantHoldsAnother", cards(outer("b", "C:2", variant("C:1", "Featured"), use("n", 0, "C:3", `,"componentName":"Tag"`, "", "Beta"))), ""},
		{"ErrVersion1", "v1:" + cards(featured("b", 110, variant("C:1", "Featured"))), "need manifest version 2"},
	}
	checkComponentTrees(t, cases)
}
