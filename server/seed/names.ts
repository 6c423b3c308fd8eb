/**
 * Indian names for the demo seed, by community, so a family's surname, the parents' names and the
 * children's names belong together. Children carry names common for kids born 2008-2022; parents
 * and teachers carry names of the generation before.
 */

export interface Community {
  surnames: readonly string[];
  boys: readonly string[];
  girls: readonly string[];
  men: readonly string[];
  women: readonly string[];
}

export const communities = {
  hindi: {
    surnames: ['Sharma', 'Verma', 'Gupta', 'Agarwal', 'Mishra', 'Tiwari', 'Pandey', 'Srivastava', 'Yadav', 'Chauhan',
      'Saxena', 'Tripathi', 'Dubey', 'Chaturvedi', 'Rathore', 'Bhatnagar'],
    boys: ['Aarav', 'Vivaan', 'Aditya', 'Arjun', 'Krishna', 'Ayush', 'Shaurya', 'Atharv', 'Kabir', 'Dhruv', 'Harsh',
      'Yash', 'Ansh', 'Rudra', 'Lakshya', 'Divyansh', 'Utkarsh', 'Pranav'],
    girls: ['Ananya', 'Aadhya', 'Saanvi', 'Diya', 'Anvi', 'Ishita', 'Kavya', 'Riya', 'Khushi', 'Prisha', 'Navya',
      'Shreya', 'Tanvi', 'Avni', 'Palak', 'Muskan', 'Vanshika', 'Sakshi'],
    men: ['Rajesh', 'Sanjay', 'Amit', 'Sunil', 'Manoj', 'Alok', 'Vivek', 'Rakesh', 'Anil', 'Pankaj', 'Ashish',
      'Deepak', 'Vikas', 'Ajay', 'Neeraj'],
    women: ['Sunita', 'Neha', 'Pooja', 'Anjali', 'Rekha', 'Priya', 'Kavita', 'Shalini', 'Ritu', 'Seema', 'Nidhi',
      'Archana', 'Geeta', 'Swati', 'Vandana'],
  },
  punjabi: {
    surnames: ['Gill', 'Sandhu', 'Dhillon', 'Grewal', 'Bajwa', 'Sidhu', 'Malhotra', 'Kapoor', 'Khanna', 'Arora',
      'Chopra', 'Sethi', 'Bedi'],
    boys: ['Gurfateh', 'Jaskaran', 'Harnoor', 'Ekam', 'Sehaj', 'Armaan', 'Kabir', 'Rehaan', 'Manveer', 'Tegbir',
      'Arjun'],
    girls: ['Simran', 'Jasleen', 'Harleen', 'Mehak', 'Gurleen', 'Noor', 'Kiran', 'Sukhmani', 'Ishleen', 'Amrit'],
    men: ['Gurpreet', 'Harpreet', 'Manpreet', 'Jaswinder', 'Rajinder', 'Sukhwinder', 'Kuldeep', 'Amarjeet',
      'Navdeep', 'Rohit', 'Vikram'],
    women: ['Harjeet', 'Simranjeet', 'Paramjit', 'Kulwinder', 'Navneet', 'Rupinder', 'Manjit', 'Sonia', 'Ritu'],
  },
  marathi: {
    surnames: ['Patil', 'Deshmukh', 'Kulkarni', 'Joshi', 'Jadhav', 'Shinde', 'Pawar', 'Gokhale', 'Deshpande',
      'Bhosale', 'Chavan', 'Apte', 'Kale', 'Gaikwad', 'More', 'Sawant', 'Phadke'],
    boys: ['Aarush', 'Shlok', 'Atharva', 'Soham', 'Vedant', 'Omkar', 'Aniket', 'Sarthak', 'Yash', 'Tanmay', 'Parth',
      'Siddhant', 'Chinmay', 'Arnav'],
    girls: ['Gauri', 'Sai', 'Mrunal', 'Sharvari', 'Rutuja', 'Anushka', 'Isha', 'Tanaya', 'Sanika', 'Ketaki',
      'Mugdha', 'Shravani', 'Aarya', 'Manasi'],
    men: ['Prakash', 'Sachin', 'Sandeep', 'Mahesh', 'Nitin', 'Ganesh', 'Santosh', 'Milind', 'Vinayak', 'Ajit',
      'Uday', 'Shrikant'],
    women: ['Madhuri', 'Smita', 'Vaishali', 'Manisha', 'Shubhangi', 'Ashwini', 'Sneha', 'Supriya', 'Varsha',
      'Ujwala', 'Shruti'],
  },
  gujarati: {
    surnames: ['Patel', 'Shah', 'Mehta', 'Desai', 'Parikh', 'Modi', 'Trivedi', 'Bhatt', 'Vyas', 'Dave', 'Thakkar'],
    boys: ['Het', 'Dhruv', 'Jash', 'Parth', 'Vihaan', 'Krish', 'Nirav', 'Harsh', 'Meet', 'Jay', 'Devansh', 'Rushil'],
    girls: ['Khushi', 'Krisha', 'Hetvi', 'Jinal', 'Mahi', 'Dhriti', 'Nidhi', 'Riddhi', 'Siddhi', 'Pranjal', 'Vrunda',
      'Aesha'],
    men: ['Nikhil', 'Hitesh', 'Jignesh', 'Paresh', 'Mehul', 'Bhavesh', 'Ketan', 'Chirag', 'Dipak', 'Tushar'],
    women: ['Pooja', 'Hetal', 'Falguni', 'Bhavna', 'Jyoti', 'Krupa', 'Nisha', 'Dimple', 'Mittal', 'Payal', 'Rupal'],
  },
  kannada: {
    surnames: ['Gowda', 'Shetty', 'Hegde', 'Rao', 'Bhat', 'Kamath', 'Nayak', 'Acharya', 'Shenoy', 'Kini', 'Prabhu',
      'Pai', 'Murthy'],
    boys: ['Tejas', 'Karthik', 'Nikhil', 'Pranav', 'Rohan', 'Adarsh', 'Chirag', 'Manish', 'Shreyas', 'Varun',
      'Darshan', 'Abhishek', 'Sumukh', 'Advik'],
    girls: ['Aishwarya', 'Bhoomika', 'Chaitra', 'Deeksha', 'Keerthana', 'Sahana', 'Spoorthi', 'Ananya', 'Navya',
      'Shreya', 'Tanvi', 'Prarthana', 'Vaishnavi', 'Amulya'],
    men: ['Ravi', 'Srinivas', 'Manjunath', 'Raghavendra', 'Prakash', 'Naveen', 'Girish', 'Harish', 'Suresh',
      'Umesh', 'Nagaraj', 'Venkatesh'],
    women: ['Lakshmi', 'Shilpa', 'Rashmi', 'Pavithra', 'Sowmya', 'Geetha', 'Roopa', 'Vidya', 'Asha', 'Shobha',
      'Deepa', 'Suma'],
  },
  tamil: {
    surnames: ['Iyer', 'Iyengar', 'Krishnan', 'Subramanian', 'Venkatesan', 'Ramasamy', 'Natarajan', 'Sundaram',
      'Raghavan', 'Balakrishnan', 'Chandrasekar', 'Srinivasan', 'Ganesan'],
    boys: ['Karthikeyan', 'Harish', 'Surya', 'Vignesh', 'Adithya', 'Sanjay', 'Dinesh', 'Pranav', 'Rithvik', 'Kavin',
      'Mithran', 'Nithin', 'Arjun'],
    girls: ['Aishwarya', 'Divya', 'Keerthi', 'Meera', 'Nandhini', 'Priyanka', 'Swetha', 'Harini', 'Janani',
      'Lavanya', 'Sowmya', 'Yazhini', 'Madhumitha'],
    men: ['Ramesh', 'Senthil', 'Murali', 'Balaji', 'Karthik', 'Saravanan', 'Anand', 'Vijay', 'Prabhu', 'Shankar',
      'Gopal'],
    women: ['Meenakshi', 'Lakshmi', 'Kavitha', 'Revathi', 'Malathi', 'Uma', 'Radha', 'Vasanthi', 'Chitra',
      'Bhuvana', 'Sangeetha'],
  },
  telugu: {
    surnames: ['Reddy', 'Naidu', 'Rao', 'Chowdary', 'Varma', 'Raju', 'Sastry', 'Prasad', 'Kondapalli', 'Gadde'],
    boys: ['Sai', 'Charan', 'Akhil', 'Harsha', 'Sriram', 'Rishi', 'Vamsi', 'Tarun', 'Lokesh', 'Chaitanya', 'Teja'],
    girls: ['Sravani', 'Sahithi', 'Harika', 'Sindhu', 'Lasya', 'Manasa', 'Deepthi', 'Keerthi', 'Bhavya',
      'Pranathi', 'Swathi'],
    men: ['Srinivas', 'Venkat', 'Ravi', 'Suresh', 'Nagarjuna', 'Ramana', 'Kishore', 'Mohan', 'Sridhar', 'Chandra'],
    women: ['Padma', 'Lakshmi', 'Swapna', 'Madhavi', 'Sujatha', 'Radhika', 'Anitha', 'Jyothi', 'Sailaja', 'Vani'],
  },
  malayali: {
    surnames: ['Nair', 'Menon', 'Pillai', 'Kurup', 'Panicker', 'Warrier', 'Nambiar', 'Thampi'],
    boys: ['Adwaith', 'Abhinav', 'Arjun', 'Gautham', 'Navaneeth', 'Sreehari', 'Vishnu', 'Akshay', 'Rahul',
      'Anirudh'],
    girls: ['Anagha', 'Devika', 'Gayathri', 'Malavika', 'Nandana', 'Parvathy', 'Sreelakshmi', 'Athira',
      'Keerthana', 'Aparna'],
    men: ['Sreekumar', 'Suresh', 'Rajeev', 'Anil', 'Sunil', 'Manoj', 'Pradeep', 'Hari', 'Jayan', 'Vinod'],
    women: ['Sreeja', 'Deepa', 'Bindu', 'Priya', 'Sindhu', 'Latha', 'Remya', 'Anu', 'Divya', 'Smitha'],
  },
  bengali: {
    surnames: ['Banerjee', 'Chatterjee', 'Mukherjee', 'Das', 'Bose', 'Ghosh', 'Sen', 'Dutta', 'Roy', 'Chakraborty',
      'Bhattacharya', 'Sarkar', 'Majumdar'],
    boys: ['Arnab', 'Rohan', 'Souvik', 'Aritra', 'Ayan', 'Debanjan', 'Rishav', 'Sayan', 'Anirban', 'Ishaan', 'Ritam',
      'Shubhankar'],
    girls: ['Ankita', 'Debolina', 'Poulami', 'Riya', 'Sohini', 'Tanisha', 'Ishani', 'Sreoshi', 'Anwesha', 'Ahana',
      'Rupsa', 'Trisha'],
    men: ['Subhas', 'Arindam', 'Sourav', 'Partha', 'Debashis', 'Abhijit', 'Tapas', 'Sanjib', 'Indranil', 'Somnath',
      'Amitava'],
    women: ['Mousumi', 'Sudeshna', 'Rupa', 'Soma', 'Moumita', 'Sharmila', 'Paromita', 'Shampa', 'Tanushree',
      'Madhumita'],
  },
  eastern: {
    surnames: ['Mohanty', 'Patnaik', 'Sahu', 'Panda', 'Baruah', 'Bora', 'Gogoi', 'Saikia', 'Hazarika', 'Kalita'],
    boys: ['Rudransh', 'Ayushman', 'Himangshu', 'Pritam', 'Jyotirmoy', 'Subham', 'Soumya', 'Bhaskar', 'Anurag'],
    girls: ['Ipsita', 'Barsha', 'Jahnavi', 'Sanghamitra', 'Monalisa', 'Pallavi', 'Rimjhim', 'Sneha', 'Priyanka'],
    men: ['Prasanta', 'Bijay', 'Ranjan', 'Manas', 'Dipankar', 'Bhupen', 'Hemanta', 'Jayanta', 'Subrat', 'Pradeep'],
    women: ['Sasmita', 'Mamata', 'Banani', 'Jyotsna', 'Dipika', 'Mitali', 'Nilima', 'Pranati', 'Sangita', 'Rashmi'],
  },
  muslim: {
    surnames: ['Khan', 'Shaikh', 'Ansari', 'Qureshi', 'Siddiqui', 'Syed', 'Pathan', 'Mirza', 'Hussain', 'Rizvi'],
    boys: ['Ayaan', 'Zaid', 'Arham', 'Rehan', 'Faizan', 'Ibrahim', 'Aariz', 'Hamza', 'Rayyan', 'Saad', 'Zayan',
      'Adnan'],
    girls: ['Aisha', 'Zoya', 'Inaya', 'Sana', 'Mariam', 'Alina', 'Hiba', 'Zara', 'Anaya', 'Fatima', 'Sara',
      'Ruqaiya'],
    men: ['Imran', 'Salman', 'Javed', 'Irfan', 'Asif', 'Shahid', 'Nadeem', 'Faisal', 'Tariq', 'Arif', 'Wasim'],
    women: ['Farah', 'Nazia', 'Shabnam', 'Rukhsar', 'Tabassum', 'Heena', 'Shagufta', 'Nasreen', 'Ayesha', 'Yasmin'],
  },
  christian: {
    surnames: ["D'Souza", 'Fernandes', 'Pereira', 'Rodrigues', 'Thomas', 'Joseph', 'Mathew', 'George', 'Pinto',
      'Lobo', 'Varghese'],
    boys: ['Aaron', 'Ethan', 'Joel', 'Ryan', 'Nathan', 'Jason', 'Kevin', 'Alan', 'Daniel', 'Ivan'],
    girls: ['Anna', 'Sara', 'Maria', 'Rhea', 'Tanya', 'Elena', 'Nikita', 'Ruth', 'Sharon', 'Esther'],
    men: ['Joseph', 'Francis', 'Anthony', 'Thomas', 'Wilson', 'Vincent', 'Sebastian', 'Peter', 'Clement',
      'Lawrence'],
    women: ['Mary', 'Lydia', 'Grace', 'Cynthia', 'Agnes', 'Jennifer', 'Flavia', 'Sheela', 'Beena', 'Rosy'],
  },
} as const satisfies Record<string, Community>;

export type CommunityKey = keyof typeof communities;
