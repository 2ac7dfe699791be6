// ShadeReport: the HTML report page and its SVG charts, built with Plot.
//
// What belongs here: the page of `report --html`, its charts and their frames, from the values
// the core counts. Every string that reaches the page is escaped by Plot's nodes.
//
// Must never import ShadeStore, ShadeHost, ShadeSync or ShadeCLI: it draws values it is given.
