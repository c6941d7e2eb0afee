// The version matrix's "What differs in your release" (sitegen/gen_pages.py inlines this script on that page
// only). The page lists a fold per run of releases that differ alike from the site; this adds a list to pick
// one release from: its fold is shown, open, and the others are hidden. Without JavaScript every fold is there.
(() => {
  const picker = document.querySelector(".release-picker");
  const folds = [...document.querySelectorAll(".release-diff[data-releases]")];
  if (!picker || !folds.length) return;
  const select = document.createElement("select");
  select.id = "release-select";
  select.add(new Option(picker.dataset.all, ""));
  const groups = new Map();
  for (const fold of folds) {
    if (!groups.has(fold.dataset.runtime)) {
      const group = document.createElement("optgroup");
      group.label = fold.dataset.runtime;
      groups.set(fold.dataset.runtime, group);
      select.append(group);
    }
    for (const release of fold.dataset.releases.split(" ").reverse()) {
      groups.get(fold.dataset.runtime).append(new Option(release, fold.id));
    }
  }
  const label = document.createElement("label");
  label.htmlFor = select.id;
  label.textContent = picker.dataset.label;
  const choose = (id) => {
    for (const fold of folds) {
      fold.hidden = id !== "" && fold.id !== id;
      if (fold.tagName === "DETAILS") fold.open = fold.id === id;
    }
  };
  // The choice is in the address (#pypi-0.7.13): a link, a reload or the language switcher keeps it.
  select.addEventListener("change", () => {
    choose(select.value);
    history.replaceState(null, "", select.value ? `#${select.value}` : location.pathname + location.search);
  });
  picker.append(label, " ", select);
  picker.hidden = false;
  const linked = folds.find((fold) => `#${fold.id}` === decodeURIComponent(location.hash));
  if (linked) {
    select.value = linked.id;
    choose(linked.id);
  }
})();
