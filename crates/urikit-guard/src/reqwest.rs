// reqwest
