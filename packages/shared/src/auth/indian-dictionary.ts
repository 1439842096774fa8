/**
 * Words that Indian users commonly build passwords from, for the password strength estimator: first names,
 * surnames, and the places, teams, films, greetings and devotional phrases that Indian password leaks are full
 * of. No published zxcvbn language package covers India, so the lists are kept here; each list is ordered
 * roughly from the most to the least common, which the estimator uses as the word's rank. All lower case,
 * written as people type them in Latin letters (several spellings where both are usual).
 */

const FIRST_NAMES = `
rahul amit priya neha pooja sachin rohit ankit sandeep vikas deepak rajesh suresh ramesh mahesh sunil anil vijay
ajay sanjay manoj raj ravi arun ashok kiran anjali divya sneha kavita sunita anita geeta seema rekha meena lakshmi
krishna ganesh gaurav nikhil vikram abhishek aditya akash anand arjun aman ankur ashish manish mukesh naveen nitin
pankaj pradeep prakash praveen rakesh sameer santosh shubham saurabh siddharth sumit tarun varun vivek yogesh
aarav vivaan ayaan reyansh vihaan ishaan shaurya atharv kabir dhruv aryan arnav rudra krish yash harsh kunal
karan rohan mohit sahil tushar akshay vishal rajat deepika priyanka aishwarya shreya kajal komal shweta swati
preeti jyoti nisha ritu monika sonia sapna rani radha sita gita savita usha asha nirmala kamala shanti parvati
durga saraswati madhuri madhu sangeeta rashmi ruchi richa megha nidhi tanvi isha riya diya ananya aadhya saanvi
aanya kiara myra anika navya pari avni ira sara zara fatima ayesha aisha zainab mohammed mohammad muhammad ahmed
imran irfan salman sohail faisal arif asif rizwan sameer shahid javed wasim nadeem tariq yusuf gurpreet harpreet
manpreet jaspreet amandeep navdeep kuldeep sukhwinder baljeet jaswinder paramjit simran harleen jasleen gurleen
venkatesh srinivas srinivasan subramanian balaji murugan senthil karthik karthikeyan prasad raghu ramya
divyasri lavanya bhavana harini keerthi deepa revathi suganya vidya vasanth arvind aravind gopal govind hari
hemant jagdish kailash lalit mahendra narendra naresh om prem rajendra ramesh satish shyam sudhir sunil
surendra umesh vinod virendra yashwant abhay alok anuj anurag chetan dinesh gagan girish hitesh jatin
lokesh mayank nakul neeraj nilesh paresh piyush rajiv rupesh sanjeev shailesh shekhar sunny tejas uday
vaibhav vinay vipin vishnu bhavesh chirag darshan devendra dharmendra hemanth jayesh kishore mihir nagesh
parth pranav raghav rishi sagar sharad shiv shivam siddhesh sourav subhash sudeep tanmay tejas utkarsh
`;

const LAST_NAMES = `
sharma kumar singh verma gupta patel shah yadav reddy rao jain mishra pandey tiwari agarwal aggarwal joshi mehta
desai nair iyer iyengar menon pillai chauhan rathore thakur chaudhary choudhary das bose banerjee chatterjee
mukherjee ghosh sen dutta roy khan ahmed siddiqui ansari sheikh shaikh qureshi malik kapoor khanna malhotra arora
bhatia sethi chopra ahuja gill sandhu sidhu dhillon grewal naidu chowdary goud hegde shetty kulkarni deshpande
patil pawar jadhav shinde more gaikwad naik kamath bhat pai prabhu saxena srivastava shrivastava dubey dwivedi
trivedi chaturvedi upadhyay shukla tripathi bajpai awasthi bhatt bhardwaj vyas purohit rawat negi bisht
chandra prasad sinha jha thakkar modi parekh kothari mehra luthra bedi oberoi walia bhalla bakshi mathur
kaul raina dhar bhattacharya chakraborty mukhopadhyay sarkar saha mondal paul biswas pal mahato behera mohanty
panda sahu nayak patnaik swain subramaniam krishnan ramachandran natarajan venkataraman raman murthy gowda
hegde rai kohli tendulkar dhoni gandhi nehru bachchan
`;

/** Places, teams, people, greetings, phrases and lucky or national numbers common in Indian passwords. */
const PASSWORD_WORDS = `
india bharat hindustan jaihind indian jaimatadi omsairam sairam saibaba jaishreeram jaishriram jaihanuman
harekrishna radhekrishna radheradhe radhe krishna shiva mahadev harharmahadev bholenath ganesh ganesha ganpati
ganpatibappa bappamorya hanuman bajrangbali balaji venkateswara murugan ayyappa waheguru satnam bismillah
mashallah allah vandemataram bharatmata jaijawan jaikisan tiranga azadi swaraj incredibleindia mera
cricket sachin tendulkar dhoni msdhoni mahi kohli virat viratkohli rohitsharma hitman sehwag yuvraj
ipl csk rcb mumbaiindians chennaisuperkings kkr
mumbai delhi newdelhi kolkata calcutta chennai madras bangalore bengaluru hyderabad pune ahmedabad jaipur
lucknow kanpur nagpur indore bhopal patna surat vadodara baroda chandigarh ludhiana amritsar agra varanasi
banaras kashi goa kerala punjab gujarat rajasthan bihar kashmir noida gurgaon gurugram mysore coimbatore
kochi cochin trivandrum visakhapatnam vizag bhubaneswar guwahati ranchi dehradun shimla
bollywood shahrukh srk shahrukhkhan salman salmankhan amitabh bachchan hrithik katrina deepika priyanka
aishwarya kajol ranbir ranveer akshay aamir rajinikanth thalaiva prabhas bahubali
jaanu jaan janu pyaar pyar mohabbat ishq dil dilse meripyari mylove sona sonu monu golu chintu bablu pappu
munna raja rani babu bhai bhaiya didi mummy papa maa beta beti dost dosti yaar zindagi khushi namaste
namaskar swagat hindi desi chai samosa biryani paneer masala lassi
786 108 143 420 1947 1950 15august 26january
`;

const words = (list: string) => list.split(/\s+/).filter(Boolean);

/** The estimator's dictionaries, keyed so its feedback treats them as names or as common passwords. */
export const INDIAN_DICTIONARY: Record<string, string[]> = {
  'firstnames-in': [...new Set(words(FIRST_NAMES))],
  'lastnames-in': [...new Set(words(LAST_NAMES))],
  'passwords-in': [...new Set(words(PASSWORD_WORDS))],
};
